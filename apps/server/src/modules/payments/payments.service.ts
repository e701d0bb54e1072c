import { randomBytes, randomUUID } from 'node:crypto';
import {
  checkoutTexts,
  paths,
  paymentTexts,
  type BillingSummary,
  type CheckoutStatus,
  type Order,
  type PaymentProvider,
  type SessionUser,
  type WebhookEvent,
} from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { findBalance } from '../credits/credits.repository.js';
import {
  addCreditsIn,
  creditLots,
  expireCredits,
  oneYearAfter,
  removeLotRemainderIn,
} from '../credits/credits.service.js';
import {
  findCheckout,
  findOrder,
  findOrderByCheckout,
  findOrderByProviderId,
  findPlanByVariant,
  findPlanRow,
  findRecentPaidOrder,
  findWebhookEvent,
  insertCheckout,
  insertOrderIfNew,
  insertWebhookEvent,
  listCompletedJobTimes,
  listOrderRows,
  listPurchasedPlanIds,
  listWebhookEventRows,
  markOrderRefunded,
  setCheckoutUrl,
  setWebhookOutcome,
  updateOrder,
  type OrderFilters,
  type OrderRow,
  type PlanRow,
  type WebhookEventRow,
} from './payments.repository.js';
import {
  readOrderEvent,
  type OrderEvent,
  type PaymentProviderAdapter,
} from './providers/provider.js';
import { receiptFilename, receiptHtml, receiptMail } from './receipts.js';

// The money path (issue 12, docs/decisions/0070–0074): checkouts through the configured
// provider, webhooks stored and applied exactly once per provider order id (inside the ledger
// transaction), refunds that take back only what is unspent, receipts, and the expiry sweep.

export type WebhookOutcome =
  | 'credited'
  | 'duplicate'
  | 'refunded'
  | 'refund_before_order'
  | 'ignored'
  | 'invalid_signature'
  | 'malformed'
  | 'failed';

export interface ActiveProvider {
  name: PaymentProvider;
  /** null: nothing on sale ('none'), or Lemon Squeezy chosen without its keys. */
  adapter: PaymentProviderAdapter | null;
}

export interface PaymentsServiceOptions {
  db: Db;
  /**
   * The provider selling now: it follows Admin → Integrations (decision 0108), so it is asked
   * for at each use rather than fixed at start.
   */
  provider: () => Promise<ActiveProvider>;
  mailer: Mailer;
  /** The public URL now (Admin → Integrations or PUBLIC_URL): checkout return addresses. */
  publicUrl: () => Promise<string>;
  log: FastifyBaseLogger;
  clock?: () => Date;
  expirySweepMs?: number;
  /** Tells the admins (their notification toggle, decision 0087) of sales, refunds and failures. */
  notify?: (
    kind: 'purchase' | 'refund' | 'webhook_failed',
    facts: Record<string, string | number | null>,
  ) => void;
}

const RECENT_ORDER_MS = 10 * 60_000;

function receiptNumber(now: Date): string {
  const date = now.toISOString().slice(0, 10).replaceAll('-', '');
  return `CUT-${date}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

function lotExpiry(plan: PlanRow, now: Date): Date | null {
  const days = plan.validity_days === null ? null : Number(plan.validity_days);
  if (days === null) return null;
  if (days % 365 === 0) {
    let at = now;
    for (let i = 0; i < days / 365; i++) at = oneYearAfter(at);
    return at;
  }
  return new Date(now.getTime() + days * 86_400_000);
}

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

/** Headers worth keeping with a stored webhook (never cookies or authorization). */
function keptHeaders(headers: Record<string, string | string[] | undefined>) {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || name === 'cookie' || name === 'authorization') continue;
    kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

export class PaymentsService {
  readonly db: Db;
  private readonly clock: () => Date;
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: PaymentsServiceOptions) {
    this.db = options.db;
    this.clock = options.clock ?? (() => new Date());
  }

  /** Who sells now, and whether their orders move no real money. */
  async activeProvider(): Promise<{ provider: PaymentProvider; testMode: boolean }> {
    const { name, adapter } = await this.options.provider();
    return { provider: name, testMode: adapter?.testMode ?? false };
  }

  // ---------------------------------------------------------------- checkout

  async createCheckout(user: SessionUser, planId: string): Promise<{ id: string; url: string }> {
    const provider = (await this.options.provider()).adapter;
    const plan = await findPlanRow(this.db, planId);
    if (!plan) throw notFound(paymentTexts.unknownPlan);
    if (plan.billing_type === 'free')
      throw new AppError(400, 'validation_failed', paymentTexts.freePlan);
    if (plan.billing_type === 'enterprise') {
      throw new AppError(400, 'validation_failed', paymentTexts.enterprisePlan);
    }
    if (!Number(plan.active)) throw conflict(paymentTexts.inactivePlan);
    if (Number(plan.credits) <= 0 || plan.price_cents <= 0) {
      throw new AppError(400, 'validation_failed', paymentTexts.notForSale);
    }
    const variantId = provider?.variantFor(plan) ?? null;
    if (!provider || !variantId) {
      throw new AppError(503, 'service_unavailable', checkoutTexts.notConfigured);
    }
    const id = randomUUID();
    const now = this.clock();
    await insertCheckout(this.db, {
      id,
      user_id: user.id,
      plan_id: plan.id,
      provider: provider.name,
      provider_checkout_id: null,
      url: null,
      amount_cents: plan.price_cents,
      currency: plan.currency,
      credits: Number(plan.credits),
      created_at: now.toISOString(),
    });
    // Spec §2: the return target carries plan, amount and credits; the page reads the order
    // from the server by the checkout id and shows only that.
    const query = new URLSearchParams({
      checkout: id,
      plan: plan.id,
      amount: (plan.price_cents / 100).toFixed(2),
      credits: String(plan.credits),
    });
    let created: { url: string; providerCheckoutId: string };
    try {
      created = await provider.createCheckout({
        checkoutId: id,
        plan: {
          id: plan.id,
          name: plan.name,
          priceCents: plan.price_cents,
          currency: plan.currency,
          credits: Number(plan.credits),
          variantId,
        },
        buyer: { userId: user.id, email: user.email, name: user.name ?? user.email },
        redirectUrl: `${await this.options.publicUrl()}${paths.paymentSuccess}?${query.toString()}`,
      });
    } catch (error) {
      if (error instanceof AppError && error.status < 500) throw error;
      this.options.log.error({ err: error, plan: plan.id }, 'checkout could not be created');
      throw new AppError(502, 'service_unavailable', checkoutTexts.createFailedTitle);
    }
    await setCheckoutUrl(this.db, id, created.url, created.providerCheckoutId || null);
    return { id, url: created.url };
  }

  /** /payment-success: the checkout's order as the server knows it. */
  async checkoutStatus(user: SessionUser, checkoutId: string): Promise<CheckoutStatus> {
    const checkout = await findCheckout(this.db, checkoutId);
    if (!checkout || checkout.user_id !== user.id) throw notFound('This checkout does not exist.');
    const plan = await findPlanRow(this.db, checkout.plan_id);
    const order = await findOrderByCheckout(this.db, checkout.id);
    const mine = order && order.user_id === user.id ? order : undefined;
    return {
      id: checkout.id,
      state: mine ? mine.status : 'waiting',
      planId: checkout.plan_id,
      planName: mine?.plan_name ?? plan?.name ?? checkout.plan_id,
      amountCents: mine ? Number(mine.amount_cents) : Number(checkout.amount_cents),
      currency: mine?.currency ?? checkout.currency,
      credits: mine ? Number(mine.credits) : Number(checkout.credits),
      order: mine ? toOrder(mine) : null,
      balance: (await findBalance(this.db, user.id)) ?? 0,
      testMode: checkout.provider === 'sandbox' || Boolean(mine && Number(mine.test_mode)),
    };
  }

  // ---------------------------------------------------------------- webhooks

  /**
   * A webhook as received: stored with its headers, body and outcome whatever happens, then
   * verified, parsed and applied. Returns the HTTP status to answer: 401 bad signature, 400 not
   * JSON, 500 when applying failed (the provider retries), 200 otherwise — also for events we
   * record and ignore, so the provider stops retrying them.
   */
  async receiveWebhook(
    providerName: string,
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    replayOf: string | null = null,
  ): Promise<{ status: number; eventId: string; outcome: WebhookOutcome; detail: string | null }> {
    const eventId = randomUUID();
    const body = rawBody.toString('utf8');
    const record = async (
      fields: { eventName?: string | null; orderId?: string | null; valid: boolean },
      outcome: WebhookOutcome,
      detail: string | null,
    ) => {
      await insertWebhookEvent(this.db, {
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
        received_at: this.clock().toISOString(),
      });
    };

    const provider = (await this.options.provider()).adapter;
    if (!provider || provider.name !== providerName || !provider.verify(rawBody, headers)) {
      const detail =
        !provider || provider.name !== providerName
          ? `No ${providerName} provider is configured.`
          : 'Missing or wrong X-Signature.';
      await record({ valid: false }, 'invalid_signature', detail);
      this.options.notify?.('webhook_failed', { provider: providerName, event: eventId, detail });
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
      const { outcome, detail, credited } = await this.applyEvent(provider.name, event);
      await setWebhookOutcome(this.db, eventId, outcome, detail);
      if (credited) this.mailReceipt(credited);
      if (outcome === 'credited' || outcome === 'refunded') {
        this.options.notify?.(outcome === 'credited' ? 'purchase' : 'refund', {
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
      this.options.log.error({ err: error, eventId }, 'webhook could not be applied');
      await setWebhookOutcome(
        this.db,
        eventId,
        'failed',
        'Could not be applied; the provider retries.',
      );
      this.options.notify?.('webhook_failed', {
        provider: provider.name,
        event: eventId,
        order: event.providerOrderId,
        detail: 'Could not be applied; the provider retries.',
      });
      return { status: 500, eventId, outcome: 'failed', detail: 'Could not be applied.' };
    }
  }

  private async applyEvent(
    provider: string,
    event: OrderEvent,
  ): Promise<{ outcome: WebhookOutcome; detail: string; credited?: OrderRow }> {
    if (event.eventName === 'order_created') return this.applyOrderCreated(provider, event);
    if (event.eventName === 'order_refunded') return this.applyOrderRefunded(provider, event);
    return { outcome: 'ignored', detail: `${event.eventName} is not handled.` };
  }

  private async resolvePlan(provider: string, event: OrderEvent): Promise<PlanRow | undefined> {
    if (!event.variantId) return undefined;
    return provider === 'sandbox'
      ? findPlanRow(this.db, event.variantId)
      : findPlanByVariant(this.db, event.variantId);
  }

  private async resolveUser(event: OrderEvent): Promise<string | undefined> {
    if (!event.custom.userId) return undefined;
    return (await findBalance(this.db, event.custom.userId)) === undefined
      ? undefined
      : event.custom.userId;
  }

  private async applyOrderCreated(provider: string, event: OrderEvent) {
    if (event.status !== 'paid') {
      return {
        outcome: 'ignored' as const,
        detail: `Order status is ${event.status || 'missing'}, not paid.`,
      };
    }
    const plan = await this.resolvePlan(provider, event);
    if (!plan || plan.billing_type !== 'one-time' || Number(plan.credits) <= 0) {
      return {
        outcome: 'ignored' as const,
        detail: `Unknown plan or variant ${event.variantId ?? '(none)'}: nobody was credited.`,
      };
    }
    const userId = await this.resolveUser(event);
    if (!userId) {
      return {
        outcome: 'ignored' as const,
        detail: `Unknown user ${event.custom.userId ?? '(none)'}: nobody was credited.`,
      };
    }
    const now = this.clock();
    const checkout = event.custom.checkoutId
      ? await findCheckout(this.db, event.custom.checkoutId)
      : undefined;
    const orderId = randomUUID();
    const reference = `order:${provider}:${event.providerOrderId}`;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const inserted = await insertOrderIfNew(trx, {
          id: orderId,
          provider,
          provider_order_id: event.providerOrderId,
          receipt_number: receiptNumber(now),
          user_id: userId,
          plan_id: plan.id,
          plan_name: plan.name,
          checkout_id: checkout && checkout.user_id === userId ? checkout.id : null,
          status: 'paid',
          amount_cents: event.totalCents,
          currency: event.currency,
          credits: Number(plan.credits),
          refunded_credits: 0,
          test_mode: provider === 'sandbox' || event.testMode ? 1 : 0,
          buyer_email: event.email,
          buyer_name: event.name,
          paid_at: now.toISOString(),
          created_at: now.toISOString(),
        });
        if (!inserted) {
          const existing = await findOrderByProviderId(trx, provider, event.providerOrderId);
          return {
            outcome: 'duplicate' as const,
            detail:
              existing?.status === 'refunded'
                ? 'The order was already refunded; nothing was credited.'
                : `Order already credited (${existing?.receipt_number ?? 'known'}).`,
          };
        }
        const grant = await addCreditsIn(trx, userId, {
          kind: 'purchase',
          amount: Number(plan.credits),
          reason: `${plan.name} bought (receipt ${inserted.receipt_number})`,
          reference,
          now,
          expiresAt: lotExpiry(plan, now),
          orderId,
        });
        if (!grant) throw new Error('The buyer disappeared while the order was applied.');
        await updateOrder(trx, orderId, { lot_id: grant.lotId, lot_expires_at: grant.expiresAt });
        return {
          outcome: 'credited' as const,
          detail: `${plan.credits} credits added; balance ${grant.balance}.`,
          credited: { ...inserted, lot_id: grant.lotId, lot_expires_at: grant.expiresAt },
        };
      });
    } catch (error) {
      // The ledger's unique (user, kind, reference) caught a race the order index did not.
      if (isUniqueViolation(error))
        return { outcome: 'duplicate' as const, detail: 'Order already credited.' };
      throw error;
    }
  }

  private async applyOrderRefunded(provider: string, event: OrderEvent) {
    const now = this.clock();
    const plan = await this.resolvePlan(provider, event);
    const userId = await this.resolveUser(event);
    const reference = `order:${provider}:${event.providerOrderId}`;
    try {
      return await this.db.transaction().execute(async (trx) => {
        // A refund that arrives before its order: the order is recorded as refunded, so the
        // order_created that follows finds it and credits nothing.
        const inserted = await insertOrderIfNew(trx, {
          id: randomUUID(),
          provider,
          provider_order_id: event.providerOrderId,
          receipt_number: receiptNumber(now),
          user_id: userId ?? null,
          plan_id: plan?.id ?? null,
          plan_name: plan?.name ?? null,
          checkout_id: null,
          status: 'refunded',
          amount_cents: event.totalCents,
          currency: event.currency,
          credits: 0,
          refunded_credits: 0,
          test_mode: provider === 'sandbox' || event.testMode ? 1 : 0,
          buyer_email: event.email,
          buyer_name: event.name,
          refunded_at: now.toISOString(),
          created_at: now.toISOString(),
        });
        if (inserted) {
          return {
            outcome: 'refund_before_order' as const,
            detail: 'Refund received before its order; the order will credit nothing.',
          };
        }
        const order = await markOrderRefunded(
          trx,
          provider,
          event.providerOrderId,
          now.toISOString(),
        );
        if (!order) return { outcome: 'duplicate' as const, detail: 'Refund already applied.' };
        let removed = 0;
        if (order.user_id && order.lot_id) {
          const result = await removeLotRemainderIn(trx, order.user_id, order.lot_id, {
            reason: `Refund of ${order.plan_name ?? 'order'} (receipt ${order.receipt_number}): unspent credits removed`,
            reference,
            now,
          });
          removed = result?.removed ?? 0;
        }
        await updateOrder(trx, order.id, { refunded_credits: removed });
        return {
          outcome: 'refunded' as const,
          detail: `${removed} unspent credits removed of ${order.credits}.`,
        };
      });
    } catch (error) {
      if (isUniqueViolation(error))
        return { outcome: 'duplicate' as const, detail: 'Refund already applied.' };
      throw error;
    }
  }

  // ---------------------------------------------------------------- operator functions

  /** Orders, newest first, with filters (issue 14's admin page uses this). */
  async listOrders(filters: OrderFilters, page: { limit: number; offset: number }) {
    const { rows, total } = await this.listOrderRows(filters, page);
    return { orders: rows.map(toOrder), total };
  }

  /** The same list as stored rows (the admin's view adds buyer and note to each order). */
  listOrderRows(filters: OrderFilters, page: { limit: number; offset: number }) {
    return listOrderRows(this.db, filters, page);
  }

  /** Whether orders of `provider` can be refunded here: only through the configured provider. */
  async canRefund(provider: string): Promise<boolean> {
    return (await this.options.provider()).adapter?.name === provider;
  }

  /** Asks the order's provider to refund it; the credits go when its `order_refunded` arrives. */
  async refundOrder(orderId: string): Promise<Order> {
    const order = await findOrder(this.db, orderId);
    if (!order) throw notFound('That order does not exist.');
    if (order.status === 'refunded') throw conflict(paymentTexts.notRefundable);
    const provider = (await this.options.provider()).adapter;
    if (!provider || provider.name !== order.provider)
      throw conflict(paymentTexts.refundUnavailable);
    await provider.refund(order.provider_order_id);
    return toOrder(order);
  }

  async listWebhookEvents(
    filters: { provider?: string; outcome?: string; providerOrderId?: string },
    page: { limit: number; offset: number },
  ) {
    const { rows, total } = await listWebhookEventRows(this.db, filters, page);
    return { events: rows.map(toWebhookEvent), total };
  }

  /**
   * Runs a stored webhook again, exactly as received (its signature checked again with today's
   * secret), as a new event that points to the original. Idempotent like any delivery.
   */
  async replayWebhookEvent(eventId: string): Promise<WebhookEvent> {
    const original = await findWebhookEvent(this.db, eventId);
    if (!original) throw notFound('That webhook event does not exist.');
    const result = await this.receiveWebhook(
      original.provider,
      Buffer.from(original.body, 'utf8'),
      JSON.parse(original.headers) as Record<string, string>,
      original.id,
    );
    return toWebhookEvent((await findWebhookEvent(this.db, result.eventId))!);
  }

  // ---------------------------------------------------------------- the buyer's pages

  async ordersOf(userId: string, page: { limit: number; offset: number }) {
    return this.listOrders({ userId }, page);
  }

  async billingSummary(user: SessionUser): Promise<BillingSummary> {
    const now = this.clock();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const firstDay = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29),
    );
    const since = monthStart < firstDay ? monthStart : firstDay;
    const times = await listCompletedJobTimes(this.db, user.id, since.toISOString());
    const byDay = new Map<string, number>();
    for (let i = 0; i < 30; i++) {
      byDay.set(new Date(firstDay.getTime() + i * 86_400_000).toISOString().slice(0, 10), 0);
    }
    let thisMonth = 0;
    for (const t of times) {
      if (t >= monthStart.toISOString()) thisMonth += 1;
      const d = t.slice(0, 10);
      if (byDay.has(d)) byDay.set(d, byDay.get(d)! + 1);
    }
    const lots = await creditLots(this.db, user.id);
    const next = lots.find((l) => l.expiresAt !== null);
    const recent = await findRecentPaidOrder(
      this.db,
      user.id,
      new Date(now.getTime() - RECENT_ORDER_MS).toISOString(),
    );
    return {
      balance: (await findBalance(this.db, user.id)) ?? 0,
      lots: lots.map((l) => ({ ...l, source: l.source })),
      nextExpiry: next ? { credits: next.remaining, expiresAt: next.expiresAt! } : null,
      usage: {
        thisMonth,
        last30Days: [...byDay].map(([date, images]) => ({ date, images })),
      },
      purchasedPlanIds: await listPurchasedPlanIds(this.db, user.id),
      recentOrder: recent ? toOrder(recent) : null,
      ...(await this.activeProvider()),
    };
  }

  private async ownOrder(user: SessionUser, orderId: string): Promise<OrderRow> {
    const order = await findOrder(this.db, orderId);
    if (!order || order.user_id !== user.id) throw notFound('That order does not exist.');
    return order;
  }

  async receipt(user: SessionUser, orderId: string) {
    const order = await this.ownOrder(user, orderId);
    return { filename: receiptFilename(order), html: receiptHtml(order) };
  }

  async emailReceipt(user: SessionUser, orderId: string): Promise<void> {
    const order = await this.ownOrder(user, orderId);
    this.options.mailer.enqueue(receiptMail(order, user.email));
  }

  private mailReceipt(order: OrderRow): void {
    const to = order.buyer_email;
    if (to) this.options.mailer.enqueue(receiptMail(order, to));
  }

  // ---------------------------------------------------------------- expiry sweep

  async sweepExpiredCredits(): Promise<number> {
    const removed = await expireCredits(this.db, this.clock());
    if (removed > 0) this.options.log.info({ removed }, 'expired credits removed');
    return removed;
  }

  startSweep(): void {
    const every = this.options.expirySweepMs ?? 3_600_000;
    const run = () => {
      this.sweepExpiredCredits().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'credit expiry sweep failed'),
      );
    };
    this.sweepTimer = setInterval(run, every);
    this.sweepTimer.unref();
    run();
  }

  stopSweep(): void {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
  }
}
