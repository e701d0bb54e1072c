import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import type { ProviderLookup } from './active-provider.js';
import { applyOrderEvent, type WebhookOutcome } from './order-events.service.js';
import type { OrderRow } from './orders.repository.js';
import { toWebhookEvent } from './order-view.js';
import { readOrderEvent } from './providers/provider.js';
import {
  findWebhookEvent,
  insertWebhookEvent,
  listWebhookEventRows,
  setWebhookOutcome,
} from './webhook-events.repository.js';

// The providers' webhooks (docs/decisions/0073): verified, parsed, applied exactly once, stored
// with their outcome; listed and replayed by the admin.

export type AdminNotification = (
  kind: 'purchase' | 'refund' | 'webhook_failed',
  facts: Record<string, string | number | null>,
) => void;

export interface WebhooksServiceOptions {
  db: Db;
  provider: ProviderLookup;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Tells the admins (their notification toggle, decision 0087) of sales, refunds and failures. */
  notify?: AdminNotification;
  /** An order was just credited (its receipt goes to the buyer). */
  onCredited?: (order: OrderRow) => void;
}

/** Headers worth keeping with a stored webhook (never cookies or authorization). */
function keptHeaders(headers: Record<string, string | string[] | undefined>) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'cookie' || name === 'authorization') continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

export class WebhooksService {
  constructor(private readonly options: WebhooksServiceOptions) {}

  /**
   * A webhook as received: stored with its headers, body and outcome whatever happens, then
   * verified, parsed and applied. Returns the HTTP status to answer: 401 bad signature, 400 not
   * JSON, 500 when applying failed (the provider retries), 200 otherwise — also for events we
   * record and ignore, so the provider stops retrying them.
   */
  async receive(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    replayOf: string | null = null,
  ): Promise<{ status: number; eventId: string; outcome: WebhookOutcome; detail: string | null }> {
    const { db, notify, log, clock } = this.options;
    const eventId = randomUUID();
    const body = rawBody.toString('utf8');
    const record = async (
      fields: { eventName?: string | null; orderId?: string | null; valid: boolean },
      outcome: WebhookOutcome,
      detail: string | null,
    ) => {
      await insertWebhookEvent(db, {
        id: eventId,
        provider: providerName,
        event_name: fields.eventName ?? null,
        provider_order_id: fields.orderId ?? null,
        headers: JSON.stringify(keptHeaders(headers)),
        body,
        signature_valid: fields.valid ? 1 : 0,
        outcome,
        detail,
        replay_of: replayOf,
        received_at: clock().toISOString(),
      });
    };

    const provider = (await this.options.provider()).adapter;
    if (!provider || provider.name !== providerName || !provider.verify(rawBody, headers)) {
      const detail =
        !provider || provider.name !== providerName
          ? `No ${providerName} provider is configured.`
          : 'Missing or wrong X-Signature.';
      await record({ valid: false }, 'invalid_signature', detail);
      notify?.('webhook_failed', { provider: providerName, event: eventId, detail });
      return { status: 401, eventId, outcome: 'invalid_signature', detail };
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      await record({ valid: true }, 'malformed', 'The body is not valid JSON.');
      return { status: 400, eventId, outcome: 'malformed', detail: 'The body is not valid JSON.' };
    }
    const event = readOrderEvent(parsed);
    if (typeof event === 'string') {
      const name = (parsed as { meta?: { event_name?: unknown } } | null)?.meta?.event_name;
      await record(
        { valid: true, eventName: typeof name === 'string' ? name : null },
        'ignored',
        event,
      );
      return { status: 200, eventId, outcome: 'ignored', detail: event };
    }
    await record(
      { valid: true, eventName: event.eventName, orderId: event.providerOrderId },
      'failed',
      'Being applied.',
    );
    try {
      const { outcome, detail, credited } = await applyOrderEvent(
        db,
        provider.name,
        event,
        clock(),
      );
      await setWebhookOutcome(db, eventId, outcome, detail);
      if (credited) this.options.onCredited?.(credited);
      if (outcome === 'credited' || outcome === 'refunded') {
        notify?.(outcome === 'credited' ? 'purchase' : 'refund', {
          provider: provider.name,
          order: event.providerOrderId,
          plan: credited?.plan_name ?? null,
          credits: credited ? Number(credited.credits) : null,
          amount: credited
            ? `${(Number(credited.amount_cents) / 100).toFixed(2)} ${credited.currency}`
            : null,
          detail,
        });
      }
      return { status: 200, eventId, outcome, detail };
    } catch (error) {
      log.error({ err: error, eventId }, 'webhook could not be applied');
      await setWebhookOutcome(db, eventId, 'failed', 'Could not be applied; the provider retries.');
      notify?.('webhook_failed', {
        provider: provider.name,
        event: eventId,
        order: event.providerOrderId,
        detail: 'Could not be applied; the provider retries.',
      });
      return { status: 500, eventId, outcome: 'failed', detail: 'Could not be applied.' };
    }
  }

  async list(
    filters: { provider?: string; outcome?: string; providerOrderId?: string },
    page: { limit: number; offset: number },
  ) {
    const { rows, total } = await listWebhookEventRows(this.options.db, filters, page);
    return { events: rows.map(toWebhookEvent), total };
  }

  /**
   * Runs a stored webhook again, exactly as received (its signature checked again with today's
   * secret), as a new event that points to the original. Idempotent like any delivery.
   */
  async replay(eventId: string): Promise<WebhookEvent> {
    const { db } = this.options;
    const original = await findWebhookEvent(db, eventId);
    if (!original) throw notFound('That webhook event does not exist.');
    const result = await this.receive(
      original.provider,
      Buffer.from(original.body, 'utf8'),
      JSON.parse(original.headers) as Record<string, string>,
      original.id,
    );
    return toWebhookEvent((await findWebhookEvent(db, result.eventId))!);
  }
}
