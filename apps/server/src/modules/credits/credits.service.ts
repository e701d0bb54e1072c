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
import {
  changeBalance,
  findBalance,
  findLot,
  hasLedgerReference,
  insertLedgerRow,
  insertLot,
  listActiveLots,
  listDueLots,
  listLedger,
  listSpendableLots,
  listUsersWithDueLots,
  lockBalance,
  setLotRemaining,
} from './credits.repository.js';

// The credit ledger: every change of a balance is one credit_ledger row, written in the same
// transaction as the change of users.credits, so the two never disagree (docs/decisions/0033).
// Behind the balance are lots (docs/decisions/0071): every addition is a lot, every spend draws
// from the lot that expires first, and SUM(lots.remaining) = users.credits.

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
  /** For additions: when the new lot expires (null or absent: never; purchases: see addCredits). */
  expiresAt?: Date | null;
  /** For additions: the order the lot was bought with. */
  orderId?: string | null;
}

/** One year after `from` (spec §9: paid credits valid 1 year), same calendar day. */
export function oneYearAfter(from: Date): Date {
  const to = new Date(from.getTime());
  to.setUTCFullYear(to.getUTCFullYear() + 1);
  return to;
}

/**
 * Removes what is left of the user's expired lots, one 'expiry' ledger row per lot. Call only
 * inside a transaction that already holds the user's row lock (lockBalance or changeBalance).
 * Returns the credits removed.
 */
async function expireDueLotsIn(trx: Db, userId: string, now: Date): Promise<number> {
  let removed = 0;
  for (const lot of await listDueLots(trx, userId, now.toISOString())) {
    const amount = Number(lot.remaining);
    const balance = await changeBalance(trx, userId, -amount);
    // The balance always covers its lots; if something wrote users.credits around the ledger,
    // take what there is rather than fail every spend of this user.
    const taken = balance === undefined ? ((await findBalance(trx, userId)) ?? 0) : amount;
    const after = balance ?? (await changeBalance(trx, userId, -taken)) ?? 0;
    await setLotRemaining(trx, lot.id, 0);
    await insertLedgerRow(trx, {
      id: randomUUID(),
      user_id: userId,
      kind: 'expiry',
      amount: -taken,
      balance_after: after,
      reason: `${taken} unused credits expired (bought ${lot.created_at.slice(0, 10)})`,
      reference: `lot:${lot.id}`,
      created_at: now.toISOString(),
    });
    removed += taken;
  }
  return removed;
}

/** Takes `amount` from the user's lots, earliest expiry first (docs/decisions/0071). */
async function drawFromLots(trx: Db, userId: string, amount: number): Promise<void> {
  let left = amount;
  for (const lot of await listSpendableLots(trx, userId)) {
    if (left === 0) break;
    const remaining = Number(lot.remaining);
    const take = Math.min(remaining, left);
    await setLotRemaining(trx, lot.id, remaining - take);
    left -= take;
  }
}

/**
 * Applies a signed change inside `trx`; undefined when the user is missing or would go below 0.
 * A spend first expires the user's overdue lots (so nothing expired is ever spent) and then
 * draws from the lots that expire first; an addition becomes a lot of its own.
 */
async function applyChange(
  trx: Db,
  userId: string,
  change: Change,
): Promise<{ balance: number; lotId: string | null } | undefined> {
  const now = change.now ?? new Date();
  if (change.amount < 0) {
    if ((await lockBalance(trx, userId)) === undefined) return undefined;
    await expireDueLotsIn(trx, userId, now);
  }
  const balance = await changeBalance(trx, userId, change.amount);
  if (balance === undefined) return undefined;
  let lotId: string | null = null;
  if (change.amount > 0) {
    lotId = randomUUID();
    await insertLot(trx, {
      id: lotId,
      user_id: userId,
      source: change.kind,
      order_id: change.orderId ?? null,
      granted: change.amount,
      remaining: change.amount,
      expires_at: change.expiresAt ? change.expiresAt.toISOString() : null,
      created_at: now.toISOString(),
    });
  } else if (change.amount < 0) {
    await drawFromLots(trx, userId, -change.amount);
  }
  await insertLedgerRow(trx, {
    id: randomUUID(),
    user_id: userId,
    kind: change.kind,
    amount: change.amount,
    balance_after: balance,
    reason: change.reason,
    reference: change.reference,
    created_at: now.toISOString(),
  });
  return { balance, lotId };
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
export async function spendCredit(
  db: Db,
  userId: string,
  reference: string,
  now?: Date,
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const balance = await chargeImageIn(trx, userId, reference, now);
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
  now?: Date,
): Promise<number | undefined> {
  const result = await applyChange(trx, userId, {
    kind: 'spend',
    amount: -limits.creditsPerImage,
    reason: 'Image processed',
    reference,
    ...(now ? { now } : {}),
  });
  return result?.balance;
}

/**
 * Adds credits (sign-up grant, purchase, refund) as a new lot. Returns the new balance. A
 * 'purchase' lot expires one year after `now` unless `expiresAt` says otherwise (spec §9); other
 * kinds do not expire unless given `expiresAt`.
 */
export async function addCredits(
  db: Db,
  userId: string,
  change: Omit<Change, 'amount'> & { amount: number },
): Promise<number> {
  if (change.amount <= 0) throw new Error('addCredits needs a positive amount');
  return inTransaction(db, async (trx) => {
    const result = await addCreditsIn(trx, userId, change);
    if (result === undefined) throw notFound();
    return result.balance;
  });
}

/** addCredits inside a transaction the caller holds (the payments service's order transaction). */
export async function addCreditsIn(
  trx: Db,
  userId: string,
  change: Change,
): Promise<{ balance: number; lotId: string; expiresAt: string | null } | undefined> {
  if (change.amount <= 0) throw new Error('addCredits needs a positive amount');
  const now = change.now ?? new Date();
  const expiresAt =
    change.expiresAt !== undefined
      ? change.expiresAt
      : change.kind === 'purchase'
        ? oneYearAfter(now)
        : null;
  const result = await applyChange(trx, userId, { ...change, now, expiresAt });
  if (!result?.lotId) return undefined;
  return {
    balance: result.balance,
    lotId: result.lotId,
    expiresAt: expiresAt ? expiresAt.toISOString() : null,
  };
}

/**
 * Takes back what is still unspent of one lot (an order's refund), or at most `max` of it (a
 * partial refund), as one 'refund' row, inside the caller's transaction. Never below zero: it
 * removes at most the lot's remainder, which the balance always covers. Returns the credits
 * removed and the balance after.
 */
export async function removeLotRemainderIn(
  trx: Db,
  userId: string,
  lotId: string,
  change: {
    reason: string;
    reference: string;
    now?: Date;
    /** At most this many (a partial refund). */ max?: number;
  },
): Promise<{ removed: number; balance: number } | undefined> {
  const now = change.now ?? new Date();
  const current = await lockBalance(trx, userId);
  if (current === undefined) return undefined;
  await expireDueLotsIn(trx, userId, now);
  const lot = await findLot(trx, lotId);
  const removed = Math.max(
    0,
    Math.min(
      Number(lot?.remaining ?? 0),
      (await findBalance(trx, userId)) ?? 0,
      change.max ?? Number.POSITIVE_INFINITY,
    ),
  );
  const balance = (await changeBalance(trx, userId, -removed)) ?? 0;
  if (lot && removed > 0) await setLotRemaining(trx, lot.id, Number(lot.remaining) - removed);
  await insertLedgerRow(trx, {
    id: randomUUID(),
    user_id: userId,
    kind: 'refund',
    amount: -removed,
    balance_after: balance,
    reason: change.reason,
    reference: change.reference,
    created_at: now.toISOString(),
  });
  return { removed, balance };
}

/**
 * The scheduled sweep: removes the unspent remainder of every lot whose expiry has passed, one
 * 'expiry' ledger row per lot, one transaction per user. Returns the credits removed.
 */
/** The person's balance: 0 before their first credit. Routes read it here, never from the repository. */
export async function creditBalance(db: Db, userId: string): Promise<number> {
  return (await findBalance(db, userId)) ?? 0;
}

export async function expireCredits(db: Db, now: Date = new Date()): Promise<number> {
  let removed = 0;
  for (;;) {
    const users = await listUsersWithDueLots(db, now.toISOString(), 100);
    if (users.length === 0) return removed;
    for (const userId of users) {
      removed += await db.transaction().execute(async (trx) => {
        if ((await lockBalance(trx, userId)) === undefined) return 0;
        return expireDueLotsIn(trx, userId, now);
      });
    }
  }
}

/** The balance and the lots behind it, soonest expiry first. */
export async function creditLots(db: Db, userId: string) {
  const lots = await listActiveLots(db, userId);
  return lots.map((lot) => ({
    id: lot.id,
    source: lot.source,
    granted: Number(lot.granted),
    remaining: Number(lot.remaining),
    expiresAt: lot.expires_at,
    createdAt: lot.created_at,
  }));
}

/** The reference of the free credits' ledger row; 'sign-up' on rows written before 0265. */
export const FREE_CREDITS_REFERENCE = 'email-confirmed';
const EARLIER_FREE_CREDITS_REFERENCE = 'sign-up';

/**
 * The free credits (spec §4, §9), granted when the account's address is confirmed (decision
 * 0265; before it, at sign-up): once per account, as one 'grant' row saying so. Confirming again,
 * or an account that got them at sign-up, adds nothing. Returns whether they were granted now.
 */
export async function grantFreeCredits(db: Db, userId: string): Promise<boolean> {
  return inTransaction(db, async (trx) => {
    // The user's row lock: two confirmations at once grant once.
    if ((await lockBalance(trx, userId)) === undefined) return false;
    if (
      await hasLedgerReference(trx, userId, [
        FREE_CREDITS_REFERENCE,
        EARLIER_FREE_CREDITS_REFERENCE,
      ])
    )
      return false;
    const result = await addCreditsIn(trx, userId, {
      kind: 'grant',
      amount: limits.newUserCredits,
      reason: 'E-mail address confirmed',
      reference: FREE_CREDITS_REFERENCE,
    });
    return result !== undefined;
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
    if ((await lockBalance(trx, userId)) === undefined) throw notFound();
    // Expired credits go first, so 'set' sets what the user can actually spend.
    await expireDueLotsIn(trx, userId, new Date());
    const current = (await findBalance(trx, userId)) ?? 0;
    const delta =
      body.operation === 'set'
        ? body.credits - current
        : body.operation === 'add'
          ? body.credits
          : -body.credits;
    if (current + delta < 0) throw conflict(creditsTexts.belowZero);
    if (delta === 0) return current;
    const result = await applyChange(trx, userId, {
      kind: 'adjustment',
      amount: delta,
      reason: why ? `Admin adjustment: ${why}` : `Admin ${body.operation} ${body.credits}`,
      reference: `admin:${adminId}:${randomUUID()}`,
    });
    if (result === undefined) throw conflict(creditsTexts.belowZero);
    return result.balance;
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
