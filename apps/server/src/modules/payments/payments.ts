import type { AddressInfo } from 'node:net';
import { paymentsServerPaths } from './payments.paths.js';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsStatus } from '@cutout/contracts';
import type { PaymentsConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import { deriveKey } from '../../derive-key.js';
import type { Mailer } from '../../mail/mailer.js';
import type { IntegrationSettings } from '../integrations/integration-settings.js';
import { sellingNow, type ActiveProvider } from './active-provider.js';
import { AdminPlansService } from './admin-plans.service.js';
import { AdminSubscriptionsService } from './admin-subscriptions.service.js';
import { BillingService } from './billing.service.js';
import { BillingProfilesService, BusinessDetailsService } from './business-details.service.js';
import { CheckoutService } from './checkout.service.js';
import { CreditExpirySweep } from './credit-expiry.js';
import { HeldOrderMails } from './held-order-mails.js';
import { InvoicesService } from './invoices.service.js';
import { OrdersService } from './orders.service.js';
import { PlansService, updatePlan } from './plans.service.js';
import { RefundRequestsService } from './refund-requests.service.js';
import { WebhookFailureDigest } from './webhook-failure-digest.js';
import { WebhooksService, type AdminNotification } from './webhooks.service.js';
import { LemonSqueezyProvider } from './providers/lemonsqueezy.js';
import { SandboxProvider } from './providers/sandbox.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';

// Puts payments together: the provider (sandbox, Lemon Squeezy or none — chosen at each use from
// the Integrations settings, decisions 0070 and 0108), the sandbox's webhook dispatcher, the
// services (each taking only what it uses) and the expiry sweep.

export interface PaymentsTestHooks {
  clock?: () => Date;
  retrySchedule?: readonly number[];
  tickMs?: number;
  fetch?: typeof fetch;
}

export interface PaymentsSetup {
  /** The provider selling now, and whether its orders move no real money. */
  sellingNow: () => Promise<{ provider: ActiveProvider['name']; testMode: boolean }>;
  plans: PlansService;
  adminPlans: AdminPlansService;
  checkout: CheckoutService;
  webhooks: WebhooksService;
  orders: OrdersService;
  adminSubscriptions: AdminSubscriptionsService;
  billing: BillingService;
  invoices: InvoicesService;
  refundRequests: RefundRequestsService;
  businessDetails: BusinessDetailsService;
  billingProfiles: BillingProfilesService;
  /** Who sells and whether the admin pages must warn (decision 0120). */
  status: () => Promise<PaymentsStatus>;
  expiry: CreditExpirySweep;
  digest: WebhookFailureDigest;
  sandbox: SandboxProvider;
  dispatcher: WebhookDispatcher;
  start(): void;
  close(): Promise<void>;
}

export async function createPayments(options: {
  config: PaymentsConfig;
  /** The admin's Integrations settings with the environment on top (decision 0107). */
  integrations: IntegrationSettings;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The auth secret: the sandbox's signing secret is derived from it unless configured. */
  secret: string;
  /** The address the server listens on, once it does. */
  listening: () => AddressInfo | string | null;
  hooks?: PaymentsTestHooks;
  /** NODE_ENV is production: the sandbox is announced on every admin page (decision 0120). */
  production?: boolean;
  notify?: (
    kind: Parameters<AdminNotification>[0] | 'webhook_failed',
    facts: Record<string, string | number | null>,
  ) => void;
}): Promise<PaymentsSetup> {
  const { config, db, log, integrations, hooks = {} } = options;
  const publicUrl = async () => (await integrations.effective()).publicUrl;

  // The sandbox is always built, so the admin can switch to it without a restart; it answers
  // only while it is the provider selling.
  const sandboxSecret =
    (config.provider === 'sandbox' ? config.sandboxSecret : undefined) ??
    deriveKey(options.secret, 'sandbox-webhooks').toString('hex');
  const sandboxWebhookUrl = config.provider === 'sandbox' ? config.sandboxWebhookUrl : undefined;
  const target = () => {
    if (sandboxWebhookUrl) return sandboxWebhookUrl;
    const address = options.listening();
    if (!address || typeof address === 'string') return undefined;
    const host =
      address.address === '0.0.0.0' || address.address === '::'
        ? '127.0.0.1'
        : address.family === 'IPv6'
          ? `[${address.address}]`
          : address.address;
    return `http://${host}:${address.port}${paymentsServerPaths.webhook('sandbox')}`;
  };
  const dispatcher = new WebhookDispatcher({
    db,
    secret: sandboxSecret,
    target,
    log,
    ...(hooks.clock ? { clock: hooks.clock } : {}),
    ...(hooks.retrySchedule ? { retrySchedule: hooks.retrySchedule } : {}),
    ...(hooks.tickMs ? { tickMs: hooks.tickMs } : {}),
    ...(hooks.fetch ? { fetch: hooks.fetch } : {}),
  });
  const sandbox = new SandboxProvider({
    db,
    secret: sandboxSecret,
    publicUrl,
    dispatcher,
    ...(hooks.clock ? { clock: hooks.clock } : {}),
  });

  if (config.provider === 'lemonsqueezy') {
    for (const [planId, variantId] of Object.entries(config.lemonSqueezy.variants)) {
      await updatePlan(db, planId, { lemonSqueezyVariantId: variantId });
    }
  }

  // One Lemon Squeezy adapter per distinct set of keys: rebuilt when the admin changes them.
  let lemonSqueezy: { key: string; adapter: LemonSqueezyProvider } | undefined;
  const provider = async (): Promise<ActiveProvider> => {
    const { payments } = await integrations.effective();
    if (payments.provider === 'sandbox') return { name: 'sandbox', adapter: sandbox };
    if (payments.provider === 'none') return { name: 'none', adapter: null };
    const ls = payments.lemonSqueezy;
    // Without its keys Lemon Squeezy cannot sell: checkouts answer 'not configured'.
    if (!ls.apiKey || !ls.storeId || !ls.webhookSecret)
      return { name: 'lemonsqueezy', adapter: null };
    const key = JSON.stringify(ls);
    if (lemonSqueezy?.key !== key) {
      lemonSqueezy = {
        key,
        adapter: new LemonSqueezyProvider({
          ...ls,
          ...(hooks.fetch ? { fetch: hooks.fetch } : {}),
        }),
      };
    }
    return { name: 'lemonsqueezy', adapter: lemonSqueezy.adapter };
  };

  const atStart = (await integrations.effective()).payments.provider;
  if (atStart === 'sandbox') {
    log.warn(
      'payments: the built-in SANDBOX provider is selling credits (test mode — no real payment, ' +
        'but the credits are real: anyone can get them with the test card). Choose Lemon ' +
        'Squeezy in Admin → Integrations (or set PAYMENTS_PROVIDER=lemonsqueezy with the ' +
        'LEMONSQUEEZY_* variables) to take real payments, or PAYMENTS_PROVIDER=none to stop selling.',
    );
  } else if (atStart === 'none') {
    log.info(
      'payments: the payment provider is none; nothing is on sale until one is chosen in ' +
        'Admin → Integrations (or PAYMENTS_PROVIDER)',
    );
  }

  const clock = hooks.clock ?? (() => new Date());
  const notify = options.notify;
  const invoices = new InvoicesService({ db, mailer: options.mailer, publicUrl, log, clock });
  const onIssued = (invoice: Parameters<InvoicesService['mailIssued']>[0]) =>
    invoices.mailIssued(invoice);
  const orders = new OrdersService({ db, provider, clock, log, onIssued });
  const heldMails = new HeldOrderMails({ mailer: options.mailer, publicUrl });
  const expiry = new CreditExpirySweep({ db, log, clock, everyMs: config.expirySweepMs });
  const digest = new WebhookFailureDigest({
    db,
    log,
    clock,
    send: (facts) => notify?.('webhook_failed', facts),
  });
  const refundRequests = new RefundRequestsService({
    db,
    orders,
    mailer: options.mailer,
    log,
    clock,
    publicUrl,
    ...(notify ? { notify } : {}),
  });
  const status = async (): Promise<PaymentsStatus> => {
    const { name, adapter } = await provider();
    return {
      provider: name,
      configured: adapter !== null,
      sandboxInProduction: Boolean(options.production) && name === 'sandbox',
      testMode: adapter?.testMode ?? false,
    };
  };

  return {
    sellingNow: () => sellingNow(provider),
    plans: new PlansService(db),
    adminPlans: new AdminPlansService(db),
    checkout: new CheckoutService({ db, provider, publicUrl, log, clock }),
    webhooks: new WebhooksService({
      db,
      provider,
      log,
      clock,
      digest,
      onIssued,
      heldMails,
      onRequestClosed: (request, order) => void refundRequests.mailClosed(request, order),
      ...(notify ? { notify } : {}),
    }),
    orders,
    adminSubscriptions: new AdminSubscriptionsService({ db, orders, heldMails }),
    billing: new BillingService({ db, provider, clock }),
    invoices,
    refundRequests,
    businessDetails: new BusinessDetailsService(db),
    billingProfiles: new BillingProfilesService(db),
    status,
    expiry,
    digest,
    sandbox,
    dispatcher,
    start() {
      expiry.start();
      digest.start();
      dispatcher.start();
    },
    async close() {
      expiry.stop();
      digest.stop();
      await dispatcher.close();
    },
  };
}
