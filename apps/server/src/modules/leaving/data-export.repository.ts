import type { Db } from '../../db/database.js';

// What the account export reads (decision 0270): each a plain select of the user's own rows.

export async function profileRowOf(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .leftJoin('billing_profiles', 'billing_profiles.user_id', 'users.id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.email_verified',
      'users.account_type',
      'users.role',
      'users.credits',
      'users.created_at',
      'billing_profiles.name as billing_name',
      'billing_profiles.address as billing_address',
      'billing_profiles.vat_number as billing_vat_number',
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();
}

export async function ordersOf(db: Db, userId: string) {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function invoicesOfOrders(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('order_id', 'in', orderIds)
    .orderBy('seq')
    .execute();
}

export async function refundRequestsOf(db: Db, userId: string) {
  return db
    .selectFrom('refund_requests')
    .select([
      'id',
      'order_id',
      'status',
      'credits',
      'amount_cents',
      'currency',
      'buyer_reason',
      'decline_reason',
      'created_at',
      'decided_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

export async function ledgerOf(db: Db, userId: string) {
  return db
    .selectFrom('credit_ledger')
    .select(['created_at', 'kind', 'amount', 'balance_after', 'reason', 'reference'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Names and dates only: never the hash or the prefix of a key. */
export async function apiKeysOf(db: Db, userId: string) {
  return db
    .selectFrom('api_keys')
    .select(['name', 'created_at', 'last_used_at', 'revoked_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute();
}

/** The jobs in the user's history: completed, files still stored, within their retention. */
export async function historyJobsOf(db: Db, userId: string, now: string) {
  return db
    .selectFrom('jobs')
    .select(['id', 'original_name', 'content_type', 'result_version', 'created_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'completed')
    .where('purged_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
