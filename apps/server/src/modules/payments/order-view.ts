import type { Order, WebhookEvent } from '@cutout/contracts';
import type { OrderRow } from './orders.repository.js';
import type { WebhookEventRow } from './webhook-events.repository.js';

// Stored rows as the API shows them.

/** The ledger reference every row an order writes carries (unique per user and kind). */
export const orderReference = (provider: string, providerOrderId: string) =>
  `order:${provider}:${providerOrderId}`;

export function toOrder(row: OrderRow): Order {
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
    lotExpiresAt: row.lot_expires_at,
    testMode: Boolean(Number(row.test_mode)),
    paidAt: row.paid_at,
    refundedAt: row.refunded_at,
    createdAt: row.created_at,
  };
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
