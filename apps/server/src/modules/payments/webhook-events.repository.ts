import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { WebhookEventTable } from '../../db/schema.js';

// The SQL of `webhook_events`: the webhooks received, with their outcome.

export type WebhookEventRow = Selectable<WebhookEventTable>;

export async function insertWebhookEvent(
  db: Db,
  row: Insertable<WebhookEventTable>,
): Promise<void> {
  await db.insertInto('webhook_events').values(row).execute();
}

export async function setWebhookOutcome(
  db: Db,
  id: string,
  outcome: string,
  detail: string | null,
): Promise<void> {
  await db.updateTable('webhook_events').set({ outcome, detail }).where('id', '=', id).execute();
}

export async function findWebhookEvent(db: Db, id: string): Promise<WebhookEventRow | undefined> {
  return db.selectFrom('webhook_events').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listWebhookEventRows(
  db: Db,
  filters: { provider?: string; outcome?: string; providerOrderId?: string },
  page: { limit: number; offset: number },
): Promise<{ rows: WebhookEventRow[]; total: number }> {
  let query = db.selectFrom('webhook_events');
  if (filters.provider) query = query.where('provider', '=', filters.provider);
  if (filters.outcome) query = query.where('outcome', '=', filters.outcome);
  if (filters.providerOrderId)
    query = query.where('provider_order_id', '=', filters.providerOrderId);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('received_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function webhookEventsOfOrder(db: Db, provider: string, providerOrderId: string) {
  return db
    .selectFrom('webhook_events')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_order_id', '=', providerOrderId)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
}

/** Deliveries refused for their signature since `since` (the bounded record, decision 0122). */
export async function countInvalidSince(db: Db, since: string): Promise<number> {
  const row = await db
    .selectFrom('webhook_events')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('signature_valid', '=', 0)
    .where('received_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Keeps only the newest `keep` records of refused deliveries. */
export async function pruneInvalid(db: Db, keep: number): Promise<void> {
  const cutoff = await db
    .selectFrom('webhook_events')
    .select(['received_at', 'id'])
    .where('signature_valid', '=', 0)
    .orderBy('received_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1)
    .executeTakeFirst();
  if (!cutoff) return;
  await db
    .deleteFrom('webhook_events')
    .where('signature_valid', '=', 0)
    .where('received_at', '<=', cutoff.received_at)
    .execute();
}
