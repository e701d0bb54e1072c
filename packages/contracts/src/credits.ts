import { z } from 'zod';

// The credit ledger (ARCHITECTURE.md, "Data the server owns"): every change of a balance is a row.

export const creditKinds = [
  'grant',
  'purchase',
  'spend',
  'refund',
  'adjustment',
  'expiry',
] as const;
export type CreditKind = (typeof creditKinds)[number];

export const creditOperations = ['set', 'add', 'subtract'] as const;
export type CreditOperation = (typeof creditOperations)[number];

/** PATCH /users/{id}/credits (spec §7): admin only; `operation` defaults to set. */
export const updateCreditsBodySchema = z.object({
  credits: z
    .number({ error: 'Credits must be a whole number' })
    .int('Credits must be a whole number')
    .min(0, 'Credits cannot be negative')
    .max(1_000_000_000, 'Credits must be at most 1000000000'),
  operation: z.enum(creditOperations).default('set'),
});
export type UpdateCreditsBody = z.input<typeof updateCreditsBodySchema>;

export const creditLedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(creditKinds),
  /** Signed: positive adds credits, negative takes them. */
  amount: z.number().int(),
  balanceAfter: z.number().int().min(0),
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditLedgerEntry = z.infer<typeof creditLedgerEntrySchema>;
