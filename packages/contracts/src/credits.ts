// The credit ledger (ARCHITECTURE.md, "Data the server owns"): every change of a balance is a row.
// Zod-free; the schemas are in schemas/credits.ts.

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
