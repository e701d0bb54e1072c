import { sql } from 'kysely';
import { hashSessionToken } from '../accounts/session-token-hash.js';
import type { Db } from '../../db/database.js';
import type { UserTable } from '../../db/schema.js';

// The users table as our own rules see it. better-auth writes the rows it owns (sign-up,
// password, sessions) through its adapter; role changes, deletions and e-mail changes that carry
// our rules (the last admin) happen here, inside the services' transactions.

const profileColumns = [
  'id',
  'email',
  'name',
  'role',
  'credits',
  'account_type',
  'created_at',
  'email_verified',
] as const;

export async function findUserById(db: Db, id: string) {
  return db.selectFrom('users').select(profileColumns).where('id', '=', id).executeTakeFirst();
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(profileColumns)
    .where('email', '=', email)
    .executeTakeFirst();
}

/** The oldest admin: the one Admin Setup shows. */
export async function findFirstAdmin(db: Db) {
  return db
    .selectFrom('users')
    .select(profileColumns)
    .where('role', '=', 'admin')
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts admins other than `exceptId` while taking the admin rows' write locks on PostgreSQL
 * (a no-op UPDATE), so two admins demoting each other at the same time cannot both succeed.
 */
export async function lockOtherAdmins(db: Db, exceptId: string): Promise<number> {
  const rows = await db
    .updateTable('users')
    .set((eb) => ({ role: eb.ref('role') }))
    .where('role', '=', 'admin')
    .where('id', '!=', exceptId)
    .returning('id')
    .execute();
  return rows.length;
}

export async function setUserRole(db: Db, id: string, role: UserTable['role'], now: string) {
  const result = await db
    .updateTable('users')
    .set({ role, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Marks the address confirmed (a password set or reset through a mailed link proves it, decision
 * 0265). True when it was not confirmed before.
 */
export async function markEmailVerified(db: Db, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified: sql<boolean>`true`, updated_at: now })
    .where('id', '=', id)
    .where('email_verified', '=', sql<boolean>`false`)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether the account is deactivated (better-auth's ban), for the reset flow's refusals. */
export async function isUserBanned(db: Db, id: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('banned').where('id', '=', id).executeTakeFirst();
  return Boolean(row?.banned);
}

export async function setUserEmail(db: Db, id: string, email: string, now: string) {
  await db.updateTable('users').set({ email, updated_at: now }).where('id', '=', id).execute();
}

/** Sessions, credential accounts and ledger rows go with the user (ON DELETE CASCADE). */
export async function deleteUserById(db: Db, id: string): Promise<number> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteAllNonAdmins(db: Db): Promise<number> {
  const result = await db.deleteFrom('users').where('role', '!=', 'admin').executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function deleteSessionsOfUser(db: Db, userId: string, exceptToken?: string) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptToken) query = query.where('token', '!=', hashSessionToken(exceptToken));
  await query.execute();
}

/** The profile fields a user edits in /dashboard/settings. */
export async function setUserProfile(
  db: Db,
  id: string,
  changes: { name?: string; account_type?: UserTable['account_type'] },
  now: string,
) {
  const result = await db
    .updateTable('users')
    .set({ ...changes, updated_at: now })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
