import type { Db } from '../../db/database.js';

// The overview's figures, each one query over stored rows (indexes: users_created_at_id,
// jobs_status_finished, credit_ledger_user_created).

export async function countUsersSince(db: Db, since: string) {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('total'),
      eb.fn
        .sum<string | number | null>(
          eb.case().when('created_at', '>=', since).then(1).else(0).end(),
        )
        .as('recent'),
    ])
    .executeTakeFirstOrThrow();
  return { total: Number(row.total), recent: Number(row.recent ?? 0) };
}

/** Jobs of one status finished since each of the given instants. */
export async function countFinishedSince(
  db: Db,
  status: 'completed' | 'failed',
  since: readonly string[],
): Promise<number[]> {
  const oldest = [...since].sort()[0]!;
  const row = await db
    .selectFrom('jobs')
    .select((eb) =>
      since.map((s, i) =>
        eb.fn
          .sum<string | number | null>(eb.case().when('finished_at', '>=', s).then(1).else(0).end())
          .as(`n${i}`),
      ),
    )
    .where('status', '=', status)
    .where('finished_at', '>=', oldest)
    .executeTakeFirstOrThrow();
  const values = row as Record<string, string | number | null>;
  return since.map((_, i) => Number(values[`n${i}`] ?? 0));
}

/**
 * Orders paid in the window: how many, and the credits sold (net of refunded credits) and the
 * revenue of the ones that moved real money (sandbox and test-mode orders sell nothing: they are
 * counted apart).
 */
export async function paidOrdersSince(db: Db, since: string) {
  const row = await db
    .selectFrom('orders')
    .select((eb) => [
      eb.fn.countAll<string | number>().as('orders'),
      eb.fn
        .coalesce(
          eb.fn.sum<string | number>(
            eb
              .case()
              .when('test_mode', '=', 0)
              .then(eb('credits', '-', eb.ref('refunded_credits')))
              .else(0)
              .end(),
          ),
          eb.lit(0),
        )
        .as('credits'),
      eb.fn
        .coalesce(
          eb.fn.sum<string | number>(
            eb
              .case()
              .when('test_mode', '=', 0)
              .then(
                eb
                  .case()
                  // Never below what was kept: a refund is never more than the order (0263).
                  .when('refunded_cents', '>', eb.ref('amount_cents'))
                  .then(0)
                  .else(eb('amount_cents', '-', eb.ref('refunded_cents')))
                  .end(),
              )
              .else(0)
              .end(),
          ),
          eb.lit(0),
        )
        .as('revenue_cents'),
      eb.fn
        .coalesce(
          eb.fn.sum<string | number>(eb.case().when('test_mode', '=', 0).then(1).else(0).end()),
          eb.lit(0),
        )
        .as('real_orders'),
      eb.fn.max('currency').as('currency'),
    ])
    .where('paid_at', '>=', since)
    .executeTakeFirstOrThrow();
  return {
    orders: Number(row.orders),
    credits: Number(row.credits),
    revenueCents: Number(row.revenue_cents),
    realOrders: Number(row.real_orders),
    currency: row.currency ?? 'USD',
  };
}
