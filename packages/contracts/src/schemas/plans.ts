import * as z from 'zod/mini';
import { billingTypes, type Plan } from '../plans.js';

export const planSchema: z.ZodMiniType<Plan> = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().check(z.nonnegative()),
  credits: z.int(),
  pricePerCredit: z.optional(z.number().check(z.nonnegative())),
  billingType: z.enum(billingTypes),
  currency: z.string(),
  interval: z.string(),
  features: z.array(z.string()),
  popular: z.boolean(),
  validity: z.optional(z.string()),
});
