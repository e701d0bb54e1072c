import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import type { AdminAlerts } from '../admin/admin.module.js';
import type { IntegrationSettings } from '../integrations/integration-settings.js';
import { createPayments, type PaymentsSetup, type PaymentsTestHooks } from './payments.js';
import { paymentsRoutes } from './payments.routes.js';

// Payments: the provider, checkouts, webhooks, orders, billing, and the expiry sweep started
// when the app is ready.

export type { PaymentsSetup, PaymentsTestHooks } from './payments.js';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentsSetup;
  }
}

/**
 * Decorates `app.payments` and registers the routes. Its close is the caller's: it runs after
 * processing's and before the mailer's and the database's (app.ts orders the closes).
 */
export async function registerPayments(
  app: FastifyInstance,
  deps: {
    config: Config['payments'];
    /** NODE_ENV is production: the sandbox is announced on every admin page (decision 0120). */
    production: boolean;
    integrations: IntegrationSettings;
    db: Db;
    mailer: Mailer;
    /** The server secret: the sandbox's webhook secret is derived from it unless configured. */
    secret: string;
    alerts: AdminAlerts;
    /** Payments' clock, webhook retry schedule and HTTP client (tests). */
    hooks?: PaymentsTestHooks;
  },
): Promise<PaymentsSetup> {
  const payments = await createPayments({
    config: deps.config,
    integrations: deps.integrations,
    db: deps.db,
    mailer: deps.mailer,
    log: app.log,
    secret: deps.secret,
    listening: () => (app.server.listening ? app.server.address() : null),
    production: deps.production,
    notify: (kind, facts) => deps.alerts.notify(kind, facts),
    ...(deps.hooks ? { hooks: deps.hooks } : {}),
  });
  app.decorate('payments', payments);
  app.addHook('onReady', async () => payments.start());
  await app.register(paymentsRoutes, { payments });
  return payments;
}
