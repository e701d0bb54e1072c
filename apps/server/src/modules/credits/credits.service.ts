import { randomUUID } from 'node:crypto';
import {
  editorTexts,
  limits,
  type CreditKind,
  type CreditLedgerEntry,
  type UpdateCreditsBody,
} from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { changeBalance, insertLedgerRow, listLedger, lockBalance } from './credits.repository.js';

// The credit ledger: every change of a balance is one credit_ledger row, written in the same
// transaction as the change of users.credits, so the two never disagree (docs/decisions/0033).

export const creditsTexts = {
  belowZero: 'Credits cannot go below 0',
  alreadyRecorded: 'This credit change was already recorded',
} as const;

interface Change {
  kind: CreditKind;
  amount: number;
  reason: string | null;
  reference: string | null;
  now?: Date;
}

/** Applies a signed change inside `trx`; undefined when the user is missing or would go below 0. */
async function applyChange(trx: Db, userId: string, change: Change): Promise<number | undefined> {
  const balance = await changeBalance(trx, userId, change.amount);
  if (balance === undefined) return undefined;
  await insertLedgerRow(trx, {
    id: randomUUID(),
    user_id: userId,
    kind: change.kind,
    amount: change.amount,
    balance_after: balance,
    reason: change.reason,
    reference: change.reference,
    created_at: (change.now ?? new Date()).toISOString(),
  });
  return balance;
}

/** Runs `work` in a transaction, or in the caller's when `db` already is one (admin changes). */
async function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  try {
    return db.isTransaction ? await work(db) : await db.transaction().execute(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(creditsTexts.alreadyRecorded);
    throw error;
  }
}

/**
 * Takes one credit for one processed image (spec §9: one credit per image). Atomic: with a
 * balance of 1, two concurrent calls give exactly one success; the other gets 402 with the
 * spec's "No credits available" text. `reference` (the job id) makes a second charge for the
 * same job a 409 instead of a double charge. Returns the balance after the spend.
 */
export async function spendCredit(db: Db, userId: string, reference: string): Promise<number> {
  return inTransaction(db, async (trx) => {
    const balance = await chargeImageIn(trx, userId, reference);
    if (balance === undefined) throw new AppError(402, 'payment_required', editorTexts.noCredits);
    return balance;
  });
}

/**
 * The same charge inside a transaction the caller already holds (the processing service records
 * the completed job in it). Undefined when the balance cannot cover it; a second charge for the
 * same reference fails the transaction with a unique violation.
 */
export async function chargeImageIn(
  trx: Db,
  userId: string,
  reference: string,
): Promise<number | undefined> {
  return applyChange(trx, userId, {
    kind: 'spend',
    amount: -limits.creditsPerImage,
    reason: 'Image processed',
    reference,
  });
}

/** Adds credits (sign-up grant, purchase, refund). Returns the new balance. */
export async function addCredits(
  db: Db,
  userId: string,
  change: Omit<Change, 'amount'> & { amount: number },
): Promise<number> {
  if (change.amount <= 0) throw new Error('addCredits needs a positive amount');
  return inTransaction(db, async (trx) => {
    const balance = await applyChange(trx, userId, change);
    if (balance === undefined) throw notFound();
    return balance;
  });
}

/** The credits every new account starts with (spec §4, §9), as a 'grant' row. */
export async function grantSignUpCredits(db: Db, userId: string): Promise<number> {
  return addCredits(db, userId, {
    kind: 'grant',
    amount: limits.newUserCredits,
    reason: 'New account',
    reference: 'sign-up',
  });
}

/**
 * PATCH /users/{id}/credits (spec §7): an admin sets, adds or subtracts. Never below 0: a
 * subtraction larger than the balance is refused, not clamped, so the admin sees what happened.
 * Written as one 'adjustment' row naming the admin.
 */
export async function adjustCredits(
  db: Db,
  userId: string,
  body: Required<UpdateCreditsBody>,
  adminId: string,
  /** The admin's reason, kept on the ledger row ('Admin adjustment: {reason}'). */
  why?: string,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const current = await lockBalance(trx, userId);
    if (current === undefined) throw notFound();
    const delta =
      body.operation === 'set'
        ? body.credits - current
        : body.operation === 'add'
          ? body.credits
          : -body.credits;
    if (current + delta < 0) throw conflict(creditsTexts.belowZero);
    if (delta === 0) return current;
    const balance = await applyChange(trx, userId, {
      kind: 'adjustment',
      amount: delta,
      reason: why ? `Admin adjustment: ${why}` : `Admin ${body.operation} ${body.credits}`,
      reference: `admin:${adminId}:${randomUUID()}`,
    });
    if (balance === undefined) throw conflict(creditsTexts.belowZero);
    return balance;
  });
}

export async function creditHistory(
  db: Db,
  userId: string,
  page: { limit: number; offset: number },
): Promise<CreditLedgerEntry[]> {
  const rows = await listLedger(db, userId, page.limit, page.offset);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    amount: Number(r.amount),
    balanceAfter: Number(r.balance_after),
    reason: r.reason,
    reference: r.reference,
    createdAt: r.created_at,
  }));
}
