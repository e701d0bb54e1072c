import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { OutboxTable } from '../db/schema.js';

export type NewOutboxRow = Insertable<OutboxTable>;

export async function insertOutboxRow(db: Db, row: NewOutboxRow): Promise<void> {
  await db.insertInto('outbox').values(row).execute();
}

export async function listOutbox(db: Db, to?: string) {
  let query = db.selectFrom('outbox').selectAll().orderBy('created_at', 'asc');
  if (to) query = query.where('to', '=', to);
  return query.execute();
}

/** Messages SMTP refused that are due for another try at `now`, the longest-waiting first. */
export async function dueMailRetries(db: Db, now: string, limit: number) {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', 'is not', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at', 'asc')
    .limit(limit)
    .execute();
}

/**
 * Takes a due message for one try: moves its next try to `until`, only if it is still due at
 * `seen` (another process running the same retries has not taken it). True when taken.
 */
export async function claimMailRetry(
  db: Db,
  id: string,
  seen: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ next_attempt_at: until })
    .where('id', '=', id)
    .where('sent_at', 'is', null)
    .where('next_attempt_at', '=', seen)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** After a try: sent, due again later, or given up. */
export async function recordMailTry(
  db: Db,
  id: string,
  outcome:
    | { sentAt: string; attempts: number }
    | { attempts: number; error: string; nextAttemptAt: string }
    | { attempts: number; error: string; failedAt: string },
): Promise<void> {
  await db
    .updateTable('outbox')
    .set(
      'sentAt' in outcome
        ? { sent_at: outcome.sentAt, attempts: outcome.attempts, next_attempt_at: null }
        : 'failedAt' in outcome
          ? {
              attempts: outcome.attempts,
              last_error: outcome.error,
              failed_at: outcome.failedAt,
              next_attempt_at: null,
            }
          : {
              attempts: outcome.attempts,
              last_error: outcome.error,
              next_attempt_at: outcome.nextAttemptAt,
            },
    )
    .where('id', '=', id)
    .execute();
}

/** Mail waiting to be tried again, and mail given up (for the health report). */
export async function countMailRetries(db: Db): Promise<{ waiting: number; givenUp: number }> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => [
      eb.fn
        .sum<string | number>(
          eb
            .case()
            .when(eb.and([eb('sent_at', 'is', null), eb('next_attempt_at', 'is not', null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('waiting'),
      eb.fn
        .sum<string | number>(eb.case().when('failed_at', 'is not', null).then(1).else(0).end())
        .as('given_up'),
    ])
    .executeTakeFirstOrThrow();
  return { waiting: Number(row.waiting ?? 0), givenUp: Number(row.given_up ?? 0) };
}

const RESET_LINK = /(\/reset-password\?token=)[A-Za-z0-9_%-]+/g;
const REDACTED = '$1expired';

/**
 * Rewrites the reset and set-password links of the messages written to the outbox before
 * `before` (no SMTP server: the outbox row is the mail) to `?token=expired`, so a reader of the
 * table finds no usable link once the link's lifetime is over (issue 36). Returns how many.
 */
export async function redactExpiredResetLinks(db: Db, before: string): Promise<number> {
  const rows = await db
    .selectFrom('outbox')
    .select(['id', 'text', 'html'])
    .where('created_at', '<', before)
    .where('text', 'like', '%/reset-password?token=%')
    .where('text', 'not like', '%/reset-password?token=expired%')
    .execute();
  for (const row of rows) {
    await db
      .updateTable('outbox')
      .set({
        text: row.text.replace(RESET_LINK, REDACTED),
        html: row.html === null ? null : row.html.replace(RESET_LINK, REDACTED),
      })
      .where('id', '=', row.id)
      .execute();
  }
  return rows.length;
}
