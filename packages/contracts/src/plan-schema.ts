import { z } from 'zod';
import { billingTypes, type Plan } from './plans.js';

export const planSchema: z.ZodType<Plan> = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().nonnegative(),
  credits: z.number().int(),
  pricePerCredit: z.number().nonnegative().optional(),
  billingType: z.enum(billingTypes),
  currency: z.string(),
  interval: z.string(),
  features: z.array(z.string()),
  popular: z.boolean(),
  validity: z.string().optional(),
});
