import { randomUUID } from 'node:crypto';
import type { WebhookEvent } from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import type { ProviderLookup } from './active-provider.js';
import { refundsHeldOrder, type HeldOrderMails } from './held-order-mails.js';
import type { InvoiceRow } from './invoices.repository.js';
import type { OrderRow } from './orders.repository.js';
import type { RefundRequestRow } from './refund-requests.repository.js';
import { applyOrderEvent, type Applied, type WebhookOutcome } from './order-events.service.js';
import { toWebhookEvent } from './order-view.js';
import { isWebhookProvider, readOrderEvent } from './providers/provider.js';
import type { WebhookFailureDigest } from './webhook-failure-digest.js';
import {
  countInvalidSince,
  findWebhookEvent,
  insertWebhookEvent,
  listWebhookEventRows,
  pruneInvalid,
  setWebhookOutcome,
} from './webhook-events.repository.js';

// The providers' webhooks (docs/decisions/0073, 0122). The signature is checked before anything
// is stored: a verified delivery is stored whole with its outcome and applied exactly once; a
// refused one leaves at most a small, bounded record (its first 2 KB, a few a minute, the newest
// few hundred) and counts towards the admins' hourly digest. An unknown provider is a 404 that
// stores nothing.

/** What a refused delivery may keep, and how many such records may pile up. */
export const invalidRecord = { bodyBytes: 2048, headerBytes: 1024, perMinute: 5, kept: 200 };

export type AdminNotification = (
  kind: 'purchase' | 'refund' | 'order_review' | 'refund_request',
  facts: Record<string, string | number | null>,
) => void;

export interface WebhooksServiceOptions {
  db: Db;
  provider: ProviderLookup;
  log: FastifyBaseLogger;
  clock: () => Date;
  digest: WebhookFailureDigest;
  /** Tells the admins (their notification toggle, decision 0087) of sales, refunds and holds. */
  notify?: AdminNotification;
  /** Documents just issued (an invoice, a credit note): mailed to the buyer. */
  onIssued?: (invoice: InvoiceRow) => void;
  /** Tells the buyer of an order held for review, and of its full refund (decision 0264). */
  heldMails?: HeldOrderMails;
  /** A refund request closed because a refund left nothing to refund: its buyer is mailed. */
  onRequestClosed?: (request: RefundRequestRow, order: OrderRow) => void;
}

export interface Received {
  status: number;
  eventId: string | null;
  outcome: WebhookOutcome | 'unknown_provider';
  detail: string | null;
}

/** Headers worth keeping with a stored webhook (never cookies or authorization). */
function keptHeaders(headers: Record<string, string | string[] | undefined>, maxBytes?: number) {
  const kept: Record<string, string> = {};
  let size = 0;
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'cookie' || name === 'authorization') continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (maxBytes !== undefined) {
      size += name.length + text.length;
      if (size > maxBytes) break;
    }
    kept[name] = text;
  }
  return kept;
}

/** The first `bytes` of a body as text, cut on a character boundary. */
function head(raw: Buffer, bytes: number): string {
  const text = raw.subarray(0, bytes).toString('utf8');
  return raw.length > bytes ? `${text.replace(/\uFFFD$/, '')}…[${raw.length} bytes]` : text;
}

export class WebhooksService {
  constructor(private readonly options: WebhooksServiceOptions) {}

  /**
   * A delivery as received. Returns the HTTP status to answer: 404 unknown provider, 401 bad
   * signature, 400 not JSON, 500 when applying failed (the provider retries), 200 otherwise —
   * also for events we record and ignore or hold, so the provider stops retrying them.
   */
  async receive(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    replayOf: string | null = null,
  ): Promise<Received> {
    const { db, notify, log, clock } = this.options;
    if (!isWebhookProvider(providerName)) {
      return { status: 404, eventId: null, outcome: 'unknown_provider', detail: null };
    }
    const provider = (await this.options.provider()).adapter;
    if (!provider || provider.name !== providerName || !provider.verify(rawBody, headers)) {
      const detail =
        !provider || provider.name !== providerName
          ? `No ${providerName} provider is configured.`
          : 'Missing or wrong X-Signature.';
      const eventId = await this.recordRefused(providerName, rawBody, headers, detail, replayOf);
      await this.options.digest.failed();
      return { status: 401, eventId, outcome: 'invalid_signature', detail };
    }

    const eventId = randomUUID();
    const record = async (
      fields: { eventName?: string | null; orderId?: string | null },
      outcome: WebhookOutcome,
      detail: string | null,
    ) => {
      await insertWebhookEvent(db, {
        id: eventId,
        provider: providerName,
        event_name: fields.eventName ?? null,
        provider_order_id: fields.orderId ?? null,
        headers: JSON.stringify(keptHeaders(headers)),
        body: rawBody.toString('utf8'),
        signature_valid: 1,
        outcome,
        detail,
        replay_of: replayOf,
        received_at: clock().toISOString(),
      });
    };
    let parsed: unknown;
    try {
      parsed = JSON.parse(rawBody.toString('utf8'));
    } catch {
      await record({}, 'malformed', 'The body is not valid JSON.');
      return { status: 400, eventId, outcome: 'malformed', detail: 'The body is not valid JSON.' };
    }
    const event = readOrderEvent(parsed);
    if (typeof event === 'string') {
      const name = (parsed as { meta?: { event_name?: unknown } } | null)?.meta?.event_name;
      await record({ eventName: typeof name === 'string' ? name : null }, 'ignored', event);
      return { status: 200, eventId, outcome: 'ignored', detail: event };
    }
    await record(
      { eventName: event.eventName, orderId: event.providerOrderId },
      'failed',
      'Being applied.',
    );
    let applied: Applied;
    try {
      applied = await applyOrderEvent(
        db,
        provider.name,
        event,
        { testMode: provider.testMode },
        clock(),
      );
    } catch (error) {
      log.error({ err: error, eventId }, 'webhook could not be applied');
      await setWebhookOutcome(db, eventId, 'failed', 'Could not be applied; the provider retries.');
      await this.options.digest.failed();
      return { status: 500, eventId, outcome: 'failed', detail: 'Could not be applied.' };
    }
    const { outcome, detail, order } = applied;
    await setWebhookOutcome(db, eventId, outcome, detail);
    for (const invoice of applied.issued ?? []) this.options.onIssued?.(invoice);
    // A payment held before it was credited; a refund held above an order's total (decision
    // 0263) holds an order already credited, whose buyer has nothing to wait for.
    if (order && outcome === 'held' && order.lot_id === null) {
      this.options.heldMails?.send(order, { kind: 'held' });
    }
    if (order && outcome === 'refunded' && refundsHeldOrder(order)) {
      this.options.heldMails?.send(order, {
        kind: 'refunded',
        refundedCents: Number(order.refunded_cents),
      });
    }
    if (applied.closedRequest && order)
      this.options.onRequestClosed?.(applied.closedRequest, order);
    const kind =
      outcome === 'credited'
        ? 'purchase'
        : outcome === 'held'
          ? 'order_review'
          : outcome === 'refunded' || outcome === 'partially_refunded'
            ? 'refund'
            : null;
    if (kind && order) {
      notify?.(kind, {
        provider: provider.name,
        order: order.receipt_number,
        plan: order.plan_name,
        credits: Number(order.credits),
        amount: `${(Number(order.amount_cents) / 100).toFixed(2)} ${order.currency}`,
        ...(kind === 'order_review' ? { reason: order.review_reason } : {}),
        ...(kind === 'refund'
          ? { refunded: `${(Number(order.refunded_cents) / 100).toFixed(2)} ${order.currency}` }
          : {}),
        // Used credits were refunded (a goodwill refund, or one made in the provider's
        // dashboard): recorded as made, and the admins told (decision 0263).
        ...(applied.beyondUnusedShare
          ? {
              beyondUnusedShare: `${applied.beyondUnusedShare.refunded} refunded, more than the unused credits' share of ${applied.beyondUnusedShare.unusedShare}`,
            }
          : {}),
      });
    }
    return { status: 200, eventId, outcome, detail };
  }

  /**
   * A refused delivery leaves a record only while fewer than a few arrived in the last minute,
   * with the first 2 KB of its body and 1 KB of headers; the newest few hundred are kept.
   */
  private async recordRefused(
    provider: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    detail: string,
    replayOf: string | null,
  ): Promise<string | null> {
    const { db, clock } = this.options;
    const now = clock();
    const minuteAgo = new Date(now.getTime() - 60_000).toISOString();
    if ((await countInvalidSince(db, minuteAgo)) >= invalidRecord.perMinute) return null;
    const id = randomUUID();
    await insertWebhookEvent(db, {
      id,
      provider,
      event_name: null,
      provider_order_id: null,
      headers: JSON.stringify(keptHeaders(headers, invalidRecord.headerBytes)),
      body: head(rawBody, invalidRecord.bodyBytes),
      signature_valid: 0,
      outcome: 'invalid_signature',
      detail,
      replay_of: replayOf,
      received_at: now.toISOString(),
    });
    await pruneInvalid(db, invalidRecord.kept);
    return id;
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
    const stored = result.eventId ? await findWebhookEvent(db, result.eventId) : undefined;
    if (!stored) throw notFound('The replay was refused and not recorded.');
    return toWebhookEvent(stored);
  }
}
