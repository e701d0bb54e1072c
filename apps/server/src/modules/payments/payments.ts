import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { paymentsServerPaths } from './payments.paths.js';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { PaymentsService, type PaymentsServiceOptions } from './payments.service.js';
import { updatePlan } from './plans.service.js';
import { LemonSqueezyProvider } from './providers/lemonsqueezy.js';
import type { PaymentProviderAdapter } from './providers/provider.js';
import { SandboxProvider } from './providers/sandbox.js';
import { WebhookDispatcher } from './webhook-dispatcher.js';

// Puts payments together from the configuration: the provider (sandbox, Lemon Squeezy or none),
// the sandbox's webhook dispatcher, the service and its expiry sweep (docs/decisions/0070).

export interface PaymentsTestHooks {
  clock?: () => Date;
  retrySchedule?: readonly number[];
  tickMs?: number;
  fetch?: typeof fetch;
}

export interface PaymentsSetup {
  service: PaymentsService;
  sandbox: SandboxProvider | null;
  dispatcher: WebhookDispatcher | null;
  start(): void;
  close(): Promise<void>;
}

export async function createPayments(options: {
  config: PaymentsConfig;
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** The auth secret: the sandbox's signing secret is derived from it unless configured. */
  secret: string;
  /** The address the server listens on, once it does. */
  listening: () => AddressInfo | string | null;
  hooks?: PaymentsTestHooks;
  notify?: PaymentsServiceOptions['notify'];
}): Promise<PaymentsSetup> {
  const { config, db, log, hooks = {} } = options;
  let provider: PaymentProviderAdapter | null = null;
  let sandbox: SandboxProvider | null = null;
  let dispatcher: WebhookDispatcher | null = null;

  if (config.provider === 'sandbox') {
    const secret =
      config.sandboxSecret ??
      createHmac('sha256', options.secret).update('cutout-sandbox-webhooks').digest('hex');
    const target = () => {
      if (config.sandboxWebhookUrl) return config.sandboxWebhookUrl;
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
    dispatcher = new WebhookDispatcher({
      db,
      secret,
      target,
      log,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
      ...(hooks.retrySchedule ? { retrySchedule: hooks.retrySchedule } : {}),
      ...(hooks.tickMs ? { tickMs: hooks.tickMs } : {}),
      ...(hooks.fetch ? { fetch: hooks.fetch } : {}),
    });
    sandbox = new SandboxProvider({
      db,
      secret,
      publicUrl: options.publicUrl,
      dispatcher,
      ...(hooks.clock ? { clock: hooks.clock } : {}),
    });
    provider = sandbox;
    log.warn(
      'payments: the built-in SANDBOX provider is selling credits (test mode — no real payment, ' +
        'but the credits are real). Set PAYMENTS_PROVIDER=lemonsqueezy with the LEMONSQUEEZY_* ' +
        'variables to take real payments, or PAYMENTS_PROVIDER=none to stop selling.',
    );
  } else if (config.provider === 'lemonsqueezy') {
    const ls = config.lemonSqueezy;
    for (const [planId, variantId] of Object.entries(ls.variants)) {
      await updatePlan(db, planId, { lemonSqueezyVariantId: variantId });
    }
    provider = new LemonSqueezyProvider({
      apiKey: ls.apiKey,
      storeId: ls.storeId,
      webhookSecret: ls.webhookSecret,
      apiUrl: ls.apiUrl,
      ...(hooks.fetch ? { fetch: hooks.fetch } : {}),
    });
  } else {
    log.info('payments: PAYMENTS_PROVIDER=none; nothing is on sale');
  }

  const service = new PaymentsService({
    db,
    providerName: config.provider,
    provider,
    mailer: options.mailer,
    publicUrl: options.publicUrl,
    log,
    expirySweepMs: config.expirySweepMs,
    ...(hooks.clock ? { clock: hooks.clock } : {}),
    ...(options.notify ? { notify: options.notify } : {}),
  });

  return {
    service,
    sandbox,
    dispatcher,
    start() {
      service.startSweep();
      dispatcher?.start();
    },
    async close() {
      service.stopSweep();
      await dispatcher?.close();
    },
  };
}
