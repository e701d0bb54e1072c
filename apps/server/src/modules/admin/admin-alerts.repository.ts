import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';

// The overview's two toggles per admin (spec §2 Admin: notifications on, security alerts off
// until an admin changes them), and who receives each kind of mail.

export async function findPreferences(db: Db, userId: string) {
  return db
    .selectFrom('admin_preferences')
    .select(['notifications', 'security_alerts'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function upsertPreferences(
  db: Db,
  userId: string,
  values: { notifications: boolean; securityAlerts: boolean },
  now: string,
): Promise<void> {
  const row = {
    notifications: values.notifications ? sql<boolean>`true` : sql<boolean>`false`,
    security_alerts: values.securityAlerts ? sql<boolean>`true` : sql<boolean>`false`,
    updated_at: now,
  };
  await db
    .insertInto('admin_preferences')
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
    .execute();
}

/** Active admins who want this kind of mail (no preferences row: the spec's defaults). */
export async function adminRecipients(
  db: Db,
  kind: 'notifications' | 'security_alerts',
): Promise<{ id: string; email: string; name: string }[]> {
  const wants =
    kind === 'notifications'
      ? sql<SqlBool>`coalesce(p.notifications, true) = true`
      : sql<SqlBool>`coalesce(p.security_alerts, false) = true`;
  return db
    .selectFrom('users')
    .leftJoin('admin_preferences as p', 'p.user_id', 'users.id')
    .select(['users.id', 'users.email', 'users.name'])
    .where('users.role', '=', 'admin')
    .where(sql<SqlBool>`coalesce(users.banned, false) = false`)
    .where(wants)
    .orderBy('users.created_at')
    .execute();
}

/** Whether this admin has signed in from this address before (audit_log_actor_action). */
export async function hasSignedInFrom(
  db: Db,
  userId: string,
  action: string,
  ip: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('audit_log')
    .select('id')
    .where('actor_id', '=', userId)
    .where('action', '=', action)
    .where('ip', '=', ip)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
