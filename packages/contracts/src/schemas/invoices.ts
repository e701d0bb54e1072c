import * as z from 'zod/mini';

// Schemas of invoices: the seller's business details and the buyer's billing details.

const text = (max: number, label: string) =>
  z.string().check(z.trim(), z.maxLength(max, `${label} must be at most ${max} characters`));

/** GET/PUT /api/admin/business-details */
export const businessDetailsSchema = z.object({
  legalName: text(200, 'The legal name'),
  address: text(500, 'The address'),
  taxNumber: text(50, 'The tax number'),
  contactEmail: z.union([
    z.literal(''),
    z.email({ error: 'Enter an e-mail address, or leave it empty' }),
  ]),
  /** Percent with up to two decimals, 0 to 100. */
  taxRatePercent: z.number({ error: 'Enter the tax rate as a number' }).check(
    z.minimum(0, 'The tax rate is 0 or more'),
    z.maximum(100, 'The tax rate is at most 100'),
    z.refine((n) => Math.round(n * 100) === n * 100, 'Use at most two decimals'),
  ),
  taxLabel: text(30, 'The tax name'),
});
export type BusinessDetails = z.infer<typeof businessDetailsSchema>;

/** GET/PUT /api/me/billing-profile */
export const billingProfileSchema = z.object({
  name: text(200, 'The name'),
  address: text(500, 'The address'),
  vatNumber: z
    .string()
    .check(
      z.trim(),
      z.maxLength(30, 'The VAT number must be at most 30 characters'),
      z.regex(/^[A-Za-z0-9 .-]*$/, 'A VAT number has letters, digits, spaces, dots and dashes'),
    ),
});
export type BillingProfile = z.infer<typeof billingProfileSchema>;
