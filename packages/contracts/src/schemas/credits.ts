import * as z from 'zod/mini';
import { creditKinds, creditOperations } from '../credits.js';

/** PATCH /users/{id}/credits (spec §7): admin only; `operation` defaults to set. */
export const updateCreditsBodySchema = z.object({
  credits: z
    .number({ error: 'Credits must be a whole number' })
    .check(
      z.int('Credits must be a whole number'),
      z.minimum(0, 'Credits cannot be negative'),
      z.maximum(1_000_000_000, 'Credits must be at most 1000000000'),
    ),
  operation: z._default(z.enum(creditOperations), 'set'),
});
export type UpdateCreditsBody = z.input<typeof updateCreditsBodySchema>;

export const creditLedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(creditKinds),
  /** Signed: positive adds credits, negative takes them. */
  amount: z.int(),
  balanceAfter: z.int().check(z.minimum(0)),
  reason: z.nullable(z.string()),
  reference: z.nullable(z.string()),
  createdAt: z.string(),
});
export type CreditLedgerEntry = z.infer<typeof creditLedgerEntrySchema>;

/** GET /api/me/credits/history: the newest ledger rows first. */
export const creditHistoryResponseSchema = z.object({ entries: z.array(creditLedgerEntrySchema) });
export type CreditHistoryResponse = z.infer<typeof creditHistoryResponseSchema>;
