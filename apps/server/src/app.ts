import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrations/index.js';
import { loggerOptions } from './logger.js';
import { SecretBox } from './db/secret-box.js';
import { deriveKey } from './derive-key.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import {
  openAuth,
  registerAccounts,
  resolveAuthSecret,
  type Auth,
} from './modules/accounts/accounts.module.js';
import { createAdminAlerts, registerAdmin } from './modules/admin/admin.module.js';
import { registerApiKeys } from './modules/api-keys/api-keys.module.js';
import { backupBeforeMigrations, registerBackups } from './modules/backups/backups.module.js';
import { registerBatches } from './modules/batches/batches.module.js';
import { registerCompose } from './modules/compose/compose.module.js';
import { registerContact } from './modules/contact/contact.module.js';
import { registerDatabaseConnections } from './modules/database-connections/database-connections.module.js';
import { registerErrorReports } from './modules/error-reports/error-reports.module.js';
import { registerHealth } from './modules/health/health.module.js';
import {
  loadIntegrations,
  registerIntegrations,
  type IntegrationSettings,
} from './modules/integrations/integrations.module.js';
import { createJobsProcessing, registerJobs, type Processing } from './modules/jobs/jobs.module.js';
import { registerNewsletter } from './modules/newsletter/newsletter.module.js';
import { registerPages } from './modules/pages/pages.module.js';
import {
  registerPayments,
  type PaymentsSetup,
  type PaymentsTestHooks,
} from './modules/payments/payments.module.js';
import { registerPublicApi } from './modules/public-api/public-api.module.js';
import { registerSamples } from './modules/samples/samples.module.js';
import { registerUsers } from './modules/users/users.module.js';
import { registerLeaving } from './modules/leaving/leaving.module.js';
import type { EnginePool } from '@cutout/engine';
import { authPlugin } from './plugins/auth.js';
import { rateLimitOptions } from './plugins/rate-limits.js';
import { createSharedRedis } from './plugins/shared-redis.js';
import { clientErrorHandler, errorsPlugin } from './plugins/errors.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openApiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { serverTimeoutOptions } from './plugins/http-timeouts.js';
import { slowClientsPlugin } from './plugins/slow-clients.js';
import { loadWebApp, scriptHashesFor, webAppPlugin, type WebApp } from './plugins/web-app.js';
import { tightenDataDir } from './private-data.js';

// Builds the whole app without listening, so tests build exactly what production runs: the
// shared infrastructure (logger, database, mailer, integrations, auth, secrets, Redis, metrics),
// then each module's registration in order (modules/<area>/<area>.module.ts, issue 27).
// app-is-a-list.test.ts keeps it so: from modules/ it imports only *.module.ts files.

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    /** Encrypts secrets stored in the database (provider keys, connection passwords). */
    secretBox: SecretBox;
    /** The integration settings in effect: the environment over the admin's (decision 0107). */
    integrations: IntegrationSettings;
    /** Mail in the background; `idle()` says when every enqueued message has been handed over. */
    mailer: Mailer;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening the configured one (tests). It is closed with the app. */
  database?: DatabaseHandle;
  /** Use this web app (or none) instead of loading config.webDistDir. */
  webApp?: WebApp | null;
  /** Write logs here instead of stdout (tests read them to prove no secret is ever logged). */
  logStream?: { write(line: string): void };
  /** Called for every route as it is registered (the route-guard test collects them). */
  onRoute?: (route: RouteOptions) => void;
  /** Use this engine pool instead of one built from config.engine (tests); the caller closes it. */
  engine?: EnginePool;
  /** The clock of the sign-in back-off (tests move it instead of waiting). */
  clock?: () => number;
  /** Payments' clock, webhook retry schedule and HTTP client (tests). */
  payments?: PaymentsTestHooks;
  /** Prefix of every Redis key (default "cutout:"); tests use one of their own. */
  redisKeyPrefix?: string;
}

const version = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

const REQUEST_ID = /^[\w.:-]{1,64}$/;

export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    clientErrorHandler,
    // Slow clients are cut off; a slow line's 10 MB upload is not (decision 0130).
    ...serverTimeoutOptions(config.http),
    logger: loggerOptions(config.logLevel, options.logStream),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    requestIdHeader: false,
    // Keep a caller's request id when it looks like one, so logs join up across services.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  // Private data (decision 0136): an install made before is tightened before anything opens.
  const tightened = tightenDataDir(config);
  if (tightened.changed > 0) {
    app.log.info(
      { dataDir: config.dataDir, ...tightened },
      'data directory made private (0700/0600)',
    );
  }
  const database =
    options.database ??
    openDatabase(config.database, {
      onIdleError: (error) =>
        app.log.warn(
          { err: error },
          'PostgreSQL closed an idle connection; the next query opens another',
        ),
    });
  app.decorate('database', database);

  // Set once the migrations ran (it reads its table); nothing sends mail before that.
  let integrations: IntegrationSettings | undefined;
  const settings = () => {
    if (!integrations) throw new Error('integration settings are not loaded yet');
    return integrations;
  };
  const mailer = createMailer({
    settings: async () => (await settings().effective()).mail,
    db: database.db,
    log: app.log,
  });
  app.decorate('mailer', mailer);
  // Filled in below by the jobs and payments modules, once the metrics registry exists. Their
  // closes stay in this one hook: Fastify runs separate onClose hooks last-added first, which
  // would close payments before running jobs end (decision 0226).
  const late: { processing?: Processing; payments?: PaymentsSetup } = {};
  app.addHook('onClose', async () => {
    // Running jobs end first (they write to the database); mail still being handed over may
    // need the database (the outbox): close it last.
    await late.processing?.close();
    await late.payments?.close();
    await mailer.close();
    await database.close();
  });
  // better-auth checks the schema it finds on first use, so it is created after the migrations.
  let auth: Auth;
  let secret: string;
  let secretBox: SecretBox;
  // The public URL at start: the origin sessions and CSRF checks are bound to. Links read the
  // public URL at use time instead, so a change in Admin → Integrations shows in them at once.
  let startUrl: string;
  try {
    // Upgrades cannot lose data (decision 0268): pending migrations on a database with data are
    // preceded by a backup.
    await backupBeforeMigrations({ config, database, log: app.log });
    const applied = await migrateToLatest(database.db, database.dialect);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    secret = resolveAuthSecret(config.authSecret, config.dataDir);
    secretBox = new SecretBox(secret);
    ({ integrations, publicUrl: startUrl } = await loadIntegrations({
      db: database.db,
      secretBox,
      config,
    }));
    auth = await openAuth({
      database,
      startUrl,
      secret: deriveKey(secret, 'sessions').toString('utf8'),
      publicUrl: () => settings().current().publicUrl,
      mailer,
      admin: config.admin,
      passwordHashCost: config.passwordHashCost,
      log: app.log,
      departedAddressKey: deriveKey(secret, 'departed-addresses'),
    });
  } catch (error) {
    await database.close();
    throw error;
  }
  // Mail SMTP refused is tried again once a minute (decision 0260), now the database is ready.
  mailer.startRetries();

  app.decorate('secretBox', secretBox);
  app.decorate('integrations', settings());
  if (!settings().current().mail.smtp && config.env === 'production') {
    app.log.warn(
      'No SMTP server is configured (SMTP_URL or Admin → Integrations): e-mail (reset links) goes to the outbox table only',
    );
  }
  const publicUrlNow = () => settings().current().publicUrl;

  const webApp =
    options.webApp === undefined ? loadWebApp(config.webDistDir) : (options.webApp ?? undefined);
  if (!webApp) app.log.warn({ dir: config.webDistDir }, 'web app not built; serving the API only');

  await app.register(errorsPlugin);
  await app.register(slowClientsPlugin, { timeouts: config.http });
  await app.register(compress, { threshold: 1024 });
  await app.register(securityPlugin, {
    scriptHashesFor: (url) => scriptHashesFor(webApp, url),
    https: startUrl.startsWith('https:'),
    turnstile: () => settings().current().turnstile !== undefined,
  });
  // Shared counters (decision 0114): closed after everything else that might still count.
  const redis = config.redis.url
    ? createSharedRedis({
        url: config.redis.url,
        prefix: options.redisKeyPrefix ?? 'cutout:',
        log: app.log,
      })
    : undefined;
  if (redis) {
    app.addHook('onReady', () => redis.connect());
    app.addHook('onClose', () => redis.close());
  }
  await app.register(rateLimit, rateLimitOptions(redis));
  await app.register(authPlugin, { auth, publicUrl: startUrl, db: database.db });
  await app.register(metricsPlugin, {
    token: config.metricsToken,
    production: config.env === 'production',
  });
  redis?.registerMetrics(app.metrics);
  await app.register(openApiPlugin, { version, publicUrl: startUrl });

  // The modules, in the order their routes are registered. Processing is read by several.
  const db = database.db;
  const processing = createJobsProcessing(app, { config, db, engine: options.engine });
  late.processing = processing;
  // Admin security alerts (decision 0087): admin sign-ins from a new address, account lockouts.
  const alerts = createAdminAlerts(app, { db, mailer, publicUrl: publicUrlNow });

  // A deleted account's address, kept as a keyed hash: no second free grant (decision 0270).
  const departedAddressKey = deriveKey(secret, 'departed-addresses');
  const backups = await registerBackups(app, { config, database, store: processing.store, alerts });
  await registerHealth(app, { database, version, processing, backups: () => backups.health() });
  await registerAccounts(app, {
    db,
    dialect: database.dialect,
    auth,
    mailer,
    publicUrl: publicUrlNow,
    redis,
    alerts,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  await registerUsers(app, { db });
  await registerLeaving(app, { db, auth, processing, departedAddressKey });
  await registerAdmin(app, {
    db,
    auth,
    processing,
    departedAddressKey,
    botCheck: async () => (await settings().effective()).turnstile !== undefined,
  });
  await registerErrorReports(app, { db });
  const samples = await registerSamples(app, config.jobs);
  const { signer } = await registerJobs(app, {
    db,
    processing,
    samples,
    config: config.jobs,
    publicUrl: publicUrlNow,
    turnstile: async () => (await settings().effective()).turnstile,
    keys: {
      resultLinks: deriveKey(secret, 'result-links'),
      visitors: deriveKey(secret, 'visitors'),
    },
  });
  const { compositor } = await registerCompose(app, {
    processing,
    engine: config.engine,
    jobs: config.jobs,
  });
  await registerApiKeys(app, { db });
  await registerPublicApi(app, {
    db,
    processing,
    compositor,
    signer,
    publicUrl: publicUrlNow,
    config: config.api,
    jobs: config.jobs,
    redis,
  });
  await registerBatches(app, { db, processing });
  await registerContact(app, { db, mailer, config: config.mail });
  await registerNewsletter(app, { db, mailer, publicUrl: publicUrlNow });
  late.payments = await registerPayments(app, {
    config: config.payments,
    production: config.env === 'production',
    integrations: settings(),
    db,
    mailer,
    secret,
    alerts,
    ...(options.payments ? { hooks: options.payments } : {}),
  });
  await registerDatabaseConnections(app, {
    db,
    secretBox,
    config: config.databaseConnections,
    database: config.database,
  });
  await registerIntegrations(app, { db, integrations: settings(), mailer });
  const pageDocuments = await registerPages(app, { db, publicUrl: publicUrlNow });
  await app.register(webAppPlugin, { webApp, pageDocuments });

  return app;
}
