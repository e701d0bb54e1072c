import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';

// The SQL of an account's erasure (decision 0270): what is kept is rewritten here, what goes
// goes with the users row (sessions, credential, API keys, jobs, lots, batches and billing
// details cascade; ledger rows, orders and refund requests keep their rows, user_id emptied).

/** Replaces the buyer's name and address on every order of the user. */
export async function anonymiseOrdersOf(db: Db, userId: string, name: string, email: string) {
  await db
    .updateTable('orders')
    .set({ buyer_name: name, buyer_email: email })
    .where('user_id', '=', userId)
    .execute();
}

/** LIKE pattern for a substring, with the wildcards in it matched literally (ESCAPE '\'). */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Audit entries done by, done to, or naming the user's address (each rewritten by the caller). */
export async function auditEntriesAbout(db: Db, userId: string, email: string) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'actor_id', 'target_type', 'target_id', 'detail'])
    .where((eb) =>
      eb.or([
        eb('actor_id', '=', userId),
        eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', userId)]),
        sql<SqlBool>`lower(detail) like ${containsPattern(email.toLowerCase())} escape '\\'`,
      ]),
    )
    .execute();
}

export async function rewriteAuditEntry(
  db: Db,
  id: string,
  change: { actorEmail?: string; detail: string | null },
) {
  await db
    .updateTable('audit_log')
    .set({
      detail: change.detail,
      ...(change.actorEmail === undefined ? {} : { actor_email: change.actorEmail }),
    })
    .where('id', '=', id)
    .execute();
}

/** The user's password-reset tokens (the only verification rows naming a user id). */
export async function deleteVerificationsOf(db: Db, userId: string) {
  await db.deleteFrom('verifications').where('value', '=', userId).execute();
}

export async function jobIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('jobs').select('id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.id);
}

/** The credential's password hash (none for an account an admin added and nobody set up). */
export async function passwordHashOf(db: Db, userId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('auth_accounts')
    .select('password')
    .where('user_id', '=', userId)
    .where('provider_id', '=', 'credential')
    .where('password', 'is not', null)
    .executeTakeFirst();
  return row?.password ?? undefined;
}
