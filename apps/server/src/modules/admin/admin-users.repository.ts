import type { AdminPlan, UserStatus } from '@cutout/contracts';
import { sql, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

// User Management's SQL (docs/decisions/0086 says what each column means). One query for a page
// of users and one for its count, whatever the page size: the per-row figures are correlated
// subqueries on indexed columns (jobs_user_created, credit_ledger_reference), never a query per
// row. Booleans are written as SQL literals (true/false), which both dialects accept.

type Eb = ExpressionBuilder<Database, 'users'>;

/** Whether the user bought credits at least once (a 'purchase' ledger row). */
const hasPurchase = (eb: Eb) =>
  eb.exists(
    eb
      .selectFrom('credit_ledger as purchase')
      .select(sql.lit(1).as('one'))
      .whereRef('purchase.user_id', '=', 'users.id')
      .where('purchase.kind', '=', 'purchase'),
  );

/** The pack the user bought last (index orders_user), or null: the Plan column (decision 0127). */
const lastPackExpr = (eb: Eb) =>
  eb
    .selectFrom('orders as o')
    .select('o.plan_name')
    .whereRef('o.user_id', '=', 'users.id')
    .where('o.status', 'in', ['paid', 'partially_refunded'])
    .orderBy('o.created_at', 'desc')
    .limit(1);

/** The plan shown: an admin's choice, else 'pro' for a buyer, else 'free'. */
const planExpr = (eb: Eb) =>
  eb
    .case()
    .when('users.admin_plan', 'is not', null)
    .then(eb.ref('users.admin_plan'))
    .when(hasPurchase(eb))
    .then(sql.lit('pro'))
    .else(sql.lit('free'))
    .end();

const inactive = sql<SqlBool>`coalesce(users.banned, false) = true`;

/** Completed images since the period began (the last reset, else sign-up), plus the set offset. */
const processedExpr = (eb: Eb) =>
  sql<number>`users.usage_offset + (${eb
    .selectFrom('jobs as done')
    .select((j) => j.fn.countAll().as('n'))
    .whereRef('done.user_id', '=', 'users.id')
    .where('done.status', '=', 'completed')
    .where(
      'done.finished_at',
      '>=',
      sql<string>`coalesce(users.usage_reset_at, users.created_at)`,
    )})`;

export interface UserFilters {
  search?: string | undefined;
  plan?: AdminPlan | undefined;
  status?: UserStatus | undefined;
}

/** LIKE pattern for a substring, with the wildcards in it matched literally (ESCAPE '\'). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Db, filters: UserFilters) {
  let q = db.selectFrom('users');
  const search = filters.search?.trim();
  if (search) {
    const pattern = containsPattern(search);
    q = q.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(users.name) like ${pattern} escape '\\'`,
        sql<SqlBool>`users.email like ${pattern} escape '\\'`,
      ]),
    );
  }
  if (filters.status === 'inactive') q = q.where(inactive);
  if (filters.status === 'active') q = q.where(sql<SqlBool>`coalesce(users.banned, false) = false`);
  if (filters.plan === 'enterprise') q = q.where('users.admin_plan', '=', 'enterprise');
  if (filters.plan === 'pro') {
    q = q.where((eb) =>
      eb.or([
        eb('users.admin_plan', '=', 'pro'),
        eb.and([eb('users.admin_plan', 'is', null), hasPurchase(eb)]),
      ]),
    );
  }
  if (filters.plan === 'free') {
    q = q.where((eb) =>
      eb.or([
        eb('users.admin_plan', '=', 'free'),
        eb.and([eb('users.admin_plan', 'is', null), eb.not(hasPurchase(eb))]),
      ]),
    );
  }
  return q;
}

const rowColumns = (eb: Eb) =>
  [
    'users.id',
    'users.name',
    'users.email',
    'users.role',
    'users.credits',
    'users.admin_plan',
    'users.created_at',
    'users.usage_reset_at',
    sql<number>`case when ${inactive} then 1 else 0 end`.as('inactive'),
    planExpr(eb).as('plan'),
    processedExpr(eb).as('processed'),
    lastPackExpr(eb).as('last_pack'),
  ] as const;

/** The page query, newest first (index users_created_at_id); exported for the EXPLAIN test. */
export function userPageQuery(
  db: Db,
  filters: UserFilters,
  page: { limit: number; offset: number },
) {
  return filtered(db, filters)
    .select((eb) => rowColumns(eb))
    .orderBy('users.created_at', 'desc')
    .orderBy('users.id', 'desc')
    .limit(page.limit)
    .offset(page.offset);
}

export type AdminUserRow = Awaited<ReturnType<ReturnType<typeof userPageQuery>['execute']>>[number];

export async function listUserPage(
  db: Db,
  filters: UserFilters,
  page: { limit: number; offset: number },
): Promise<AdminUserRow[]> {
  return userPageQuery(db, filters, page).execute();
}

export async function countFilteredUsers(db: Db, filters: UserFilters): Promise<number> {
  const row = await filtered(db, filters)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findAdminUserRow(db: Db, id: string): Promise<AdminUserRow | undefined> {
  return db
    .selectFrom('users')
    .select((eb) => rowColumns(eb))
    .where('users.id', '=', id)
    .executeTakeFirst();
}

/** GET /api/admin/users/stats, in one pass over users. */
export async function userStats(db: Db, since7Days: string) {
  const row = await db
    .selectFrom('users')
    .select((eb) => {
      const count = (condition: ReturnType<typeof sql<SqlBool>>) =>
        eb.fn.sum<string | number | null>(sql`case when ${condition} then 1 else 0 end`);
      const plan = planExpr(eb);
      return [
        eb.fn.countAll<string | number>().as('total'),
        count(inactive).as('inactive'),
        count(sql<SqlBool>`users.role = 'admin'`).as('admins'),
        count(sql<SqlBool>`users.created_at >= ${since7Days}`).as('recent'),
        count(sql<SqlBool>`${plan} = 'pro'`).as('pro'),
        count(sql<SqlBool>`${plan} = 'enterprise'`).as('enterprise'),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    total: Number(row.total),
    inactive: Number(row.inactive ?? 0),
    admins: Number(row.admins ?? 0),
    recent: Number(row.recent ?? 0),
    pro: Number(row.pro ?? 0),
    enterprise: Number(row.enterprise ?? 0),
  };
}

export async function insertUser(
  db: Db,
  row: { id: string; name: string; email: string; adminPlan: AdminPlan | null; now: string },
): Promise<void> {
  await db
    .insertInto('users')
    .values({
      id: row.id,
      name: row.name,
      email: row.email,
      email_verified: sql<boolean>`false`,
      role: 'user',
      banned: sql<boolean>`false`,
      account_type: 'personal',
      admin_plan: row.adminPlan,
      created_at: row.now,
      updated_at: row.now,
    })
    .execute();
}

export async function setAdminPlan(db: Db, id: string, plan: AdminPlan | null, now: string) {
  await db
    .updateTable('users')
    .set({ admin_plan: plan, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** Starts a new usage period at `now` with `offset` images already counted. */
export async function setUsagePeriod(db: Db, id: string, offset: number, now: string) {
  await db
    .updateTable('users')
    .set({ usage_reset_at: now, usage_offset: offset, updated_at: now })
    .where('id', '=', id)
    .execute();
}

/** better-auth's ban columns: its session hook refuses a banned user's sign-in (decision 0085). */
export async function setBanned(db: Db, id: string, banned: boolean, reason: string | null) {
  await db
    .updateTable('users')
    .set({
      banned: banned ? sql<boolean>`true` : sql<boolean>`false`,
      ban_reason: banned ? reason : null,
      ban_expires: null,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Counts the active admins other than `exceptId` while holding their rows' write locks on
 * PostgreSQL (a no-op UPDATE), so two admins cannot remove each other at the same moment.
 */
export async function lockOtherActiveAdmins(db: Db, exceptId: string): Promise<number> {
  const rows = await db
    .updateTable('users')
    .set((eb) => ({ role: eb.ref('role') }))
    .where('role', '=', 'admin')
    .where('id', '!=', exceptId)
    .where(sql<SqlBool>`coalesce(banned, false) = false`)
    .returning('id')
    .execute();
  return rows.length;
}

/** Whether the user bought credits at least once (what 'pro' means without an admin's choice). */
export async function hasPurchased(db: Db, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('credit_ledger')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'purchase')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
