import {
  commercialPolicy,
  refundableCents,
  type Order,
  type RefundRequest,
  type WebhookEvent,
} from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { findLots } from '../credits/credits.repository.js';
import { listInvoicesOf } from './invoices.repository.js';
import type { OrderRow } from './orders.repository.js';
import { latestRequestsOf, type RefundRequestRow } from './refund-requests.repository.js';
import { refundStateOf } from './refund-rule.js';
import type { WebhookEventRow } from './webhook-events.repository.js';

// Stored rows as the API shows them.

const DAY = 86_400_000;

/** The ledger reference every row an order writes carries (unique per user and kind). */
export const orderReference = (provider: string, providerOrderId: string) =>
  `order:${provider}:${providerOrderId}`;

export interface OrderExtras {
  invoiceNumber?: string | null;
  creditNotes?: Order['creditNotes'];
  refundable?: Order['refundable'];
  refundRequest?: RefundRequestRow | null;
}

export function toRefundRequest(row: RefundRequestRow): RefundRequest {
  return {
    id: row.id,
    status: row.status,
    credits: Number(row.credits),
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    buyerReason: row.buyer_reason,
    declineReason: row.decline_reason,
    createdAt: String(row.created_at),
    decidedAt: row.decided_at,
  };
}

export function toOrder(row: OrderRow, extras: OrderExtras = {}): Order {
  return {
    id: row.id,
    receiptNumber: row.receipt_number,
    status: row.status,
    provider: row.provider,
    planId: row.plan_id,
    planName: row.plan_name,
    amountCents: Number(row.amount_cents),
    currency: row.currency,
    credits: Number(row.credits),
    refundedCredits: Number(row.refunded_credits),
    refundedCents: Number(row.refunded_cents ?? 0),
    discountCents: Number(row.discount_cents ?? 0),
    lotExpiresAt: row.lot_expires_at,
    testMode: Boolean(Number(row.test_mode)),
    paidAt: row.paid_at,
    refundedAt: row.refunded_at,
    createdAt: row.created_at,
    reviewReason: row.review_reason,
    paymentMethod: row.payment_method,
    invoiceNumber: extras.invoiceNumber ?? null,
    creditNotes: extras.creditNotes ?? [],
    refundable: extras.refundable ?? null,
    refundRequest: extras.refundRequest ? toRefundRequest(extras.refundRequest) : null,
  };
}

/**
 * What the buyer may ask back of an order now (decisions 0125, 0263): a paid pack bought within
 * the last 30 days, with credits of it still unused and unexpired; the unused credits' share of
 * the price not refunded yet, rounded down to the cent (the one refund rule).
 */
export function refundableNow(
  order: OrderRow,
  lot: { remaining: number; expires_at: string | null } | undefined,
  now: Date,
): Order['refundable'] {
  if (order.status !== 'paid' && order.status !== 'partially_refunded') return null;
  if (!order.paid_at || !lot) return null;
  const until = new Date(Date.parse(order.paid_at) + commercialPolicy.refundDays * DAY);
  if (now >= until) return null;
  const state = refundStateOf(order, lot, now);
  const amountCents = refundableCents(state);
  if (state.unspentCredits <= 0 || amountCents <= 0) return null;
  return { credits: state.unspentCredits, amountCents, until: until.toISOString() };
}

/** The extras of a page of orders: invoice numbers, refund requests, what may be refunded. */
export async function orderExtras(
  db: Db,
  rows: readonly OrderRow[],
  now: Date,
): Promise<Map<string, OrderExtras>> {
  const ids = rows.map((r) => r.id);
  const [invoices, requests, lots] = await Promise.all([
    listInvoicesOf(db, ids),
    latestRequestsOf(db, ids),
    findLots(
      db,
      rows.flatMap((r) => (r.lot_id ? [r.lot_id] : [])),
    ),
  ]);
  const lotById = new Map(lots.map((l) => [l.id, l]));
  const extras = new Map<string, OrderExtras>();
  for (const row of rows) {
    const request = requests.get(row.id) ?? null;
    const lot = row.lot_id ? lotById.get(row.lot_id) : undefined;
    // One request per pack: a declined one is not asked again (the buyer can write to support).
    const refundable =
      request && request.status !== 'approved'
        ? null
        : refundableNow(
            row,
            lot && { remaining: Number(lot.remaining), expires_at: lot.expires_at },
            now,
          );
    extras.set(row.id, {
      invoiceNumber:
        invoices.find((i) => i.order_id === row.id && i.kind === 'invoice')?.number ?? null,
      creditNotes: invoices
        .filter((i) => i.order_id === row.id && i.kind === 'credit_note')
        .map((i) => ({
          id: i.id,
          number: i.number,
          amountCents: Number(i.amount_cents),
          issuedAt: String(i.issued_at),
        })),
      refundable,
      refundRequest: request,
    });
  }
  return extras;
}

export function toWebhookEvent(row: WebhookEventRow): WebhookEvent {
  return {
    id: row.id,
    provider: row.provider,
    eventName: row.event_name,
    providerOrderId: row.provider_order_id,
    headers: JSON.parse(row.headers) as Record<string, string>,
    body: row.body,
    signatureValid: Boolean(Number(row.signature_valid)),
    outcome: row.outcome,
    detail: row.detail,
    replayOf: row.replay_of,
    receivedAt: row.received_at,
  };
}
