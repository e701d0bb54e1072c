import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { paths } from '@cutout/contracts';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrations/index.js';
import { loggerOptions } from './logger.js';
import { SecretBox } from './db/secret-box.js';
import { deriveKey } from './derive-key.js';
import { createMailer, type Mailer } from './mail/mailer.js';
import { IntegrationSettings } from './modules/integrations/integration-settings.js';
import { integrationsRoutes } from './modules/integrations/integrations.routes.js';
import { resetPasswordMail } from './mail/templates/reset-password.js';
import { setPasswordMail } from './mail/templates/set-password.js';
import { SignInThrottle } from './modules/accounts/failed-sign-ins.js';
import { RedisSignInStore } from './modules/accounts/sign-in-store-redis.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { adminSetupRoutes } from './modules/accounts/admin-setup.routes.js';
import { seedAdmin } from './modules/accounts/admin-setup.service.js';
import { createAuth, type Auth } from './modules/accounts/auth.js';
import { resolveAuthSecret } from './modules/accounts/auth-secret.js';
import { usersRoutes } from './modules/users/users.routes.js';
import {
  accountLockedOut,
  adminSignedIn,
  notifyAdmins,
} from './modules/admin/admin-alerts.service.js';
import { adminRoutes } from './modules/admin/admin.routes.js';
import { jobsRoutes } from './modules/jobs/jobs.routes.js';
import { historyRoutes } from './modules/jobs/history.routes.js';
import { JobHistory } from './modules/jobs/jobs.history.js';
import { composeRoutes } from './modules/compose/compose.routes.js';
import { Compositor } from './modules/compose/compose.service.js';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.js';
import { publicApiRoutes } from './modules/public-api/public-api.routes.js';
import { createProcessing, type Processing } from './modules/jobs/processing.js';
import { ResultSigner } from './modules/jobs/result-links.js';
import { createSampleCatalog } from './modules/samples/samples.service.js';
import { samplesRoutes } from './modules/samples/samples.routes.js';
import type { EnginePool } from '@cutout/engine';
import { authPlugin } from './plugins/auth.js';
import {
  KeyRateLimiter,
  RedisWindowCounter,
  rateLimitOptions,
  rateLimits,
} from './plugins/rate-limits.js';
import { createSharedRedis } from './plugins/shared-redis.js';
import { batchesRoutes } from './modules/batches/batches.routes.js';
import { BatchesService } from './modules/batches/batches.service.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { errorReportsRoutes } from './modules/error-reports/error-reports.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { newsletterRoutes } from './modules/newsletter/newsletter.routes.js';
import { createPageDocuments } from './modules/pages/pages.documents.js';
import { pagesRoutes } from './modules/pages/pages.routes.js';
import { databaseConnectionsRoutes } from './modules/database-connections/database-connections.routes.js';
import { DatabaseConnections } from './modules/database-connections/database-connections.service.js';
import { createDrivers } from './modules/database-connections/drivers/index.js';
import {
  createPayments,
  type PaymentsSetup,
  type PaymentsTestHooks,
} from './modules/payments/payments.js';
import { paymentsRoutes } from './modules/payments/payments.routes.js';
import { clientErrorHandler, errorsPlugin } from './plugins/errors.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openApiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { serverTimeoutOptions } from './plugins/http-timeouts.js';
import { slowClientsPlugin } from './plugins/slow-clients.js';
import { loadWebApp, scriptHashesFor, webAppPlugin, type WebApp } from './plugins/web-app.js';
import { tightenDataDir } from './private-data.js';

// Builds the whole app without listening, so tests build exactly what production runs.

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    processing: Processing;
    /** Encrypts secrets stored in the database (provider keys, connection passwords). */
    secretBox: SecretBox;
    payments: PaymentsSetup;
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
  // Filled in below, once the metrics registry it reports to exists.
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
    const applied = await migrateToLatest(database.db, database.dialect);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    secret = resolveAuthSecret(config.authSecret, config.dataDir);
    secretBox = new SecretBox(secret);
    integrations = new IntegrationSettings({ db: database.db, secretBox, config });
    // Keys stored before decision 0134 are bound to the destination in effect now.
    await integrations.bindLegacySecrets();
    startUrl = (await integrations.load()).publicUrl;
    auth = createAuth({
      db: database.db,
      dialect: database.dialect,
      publicUrl: startUrl,
      secret: deriveKey(secret, 'sessions').toString('utf8'),
      log: app.log,
      sendResetPassword: (user, token, invitation) => {
        const base = settings().current().publicUrl;
        const link = `${base}${paths.resetPassword}?token=${encodeURIComponent(token)}`;
        mailer.enqueue(
          (invitation ? setPasswordMail : resetPasswordMail)(user.email, user.name, link),
        );
      },
    });
    await seedAdmin(database.db, auth, config.admin, app.log);
  } catch (error) {
    await database.close();
    throw error;
  }

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

  const proc = createProcessing({
    config,
    db: database.db,
    log: app.log,
    metrics: app.metrics,
    engine: options.engine,
  });
  late.processing = proc;
  app.decorate('processing', proc);
  const samples = await createSampleCatalog(config.jobs.samplesDir);
  app.addHook('onReady', async () => {
    await proc.start();
  });

  await app.register(healthRoutes, {
    database,
    version,
    startedAt: Date.now(),
    queue: () => proc.queueHealth(),
    model: () => proc.modelHealth(),
  });
  // Admin security alerts (decision 0087): admin sign-ins from a new address, account lockouts.
  const alerts = { db: database.db, mailer, publicUrl: publicUrlNow };
  const alertFailed = (err: unknown) => app.log.error({ err }, 'admin alert failed');
  await app.register(accountsRoutes, {
    db: database.db,
    auth,
    failedSignIns: new SignInThrottle({
      ...rateLimits.accounts.failedSignIns,
      ...(redis ? { store: new RedisSignInStore(redis, rateLimits.accounts.failedSignIns) } : {}),
      ...(options.clock ? { now: options.clock } : {}),
      onAccountUnderAttack: (email) => void accountLockedOut(alerts, email).catch(alertFailed),
    }),
    onAdminSignIn: (user, ip, agent) => adminSignedIn(alerts, user, ip, agent).catch(alertFailed),
  });
  await app.register(adminSetupRoutes, {
    db: database.db,
    auth,
    mailer,
    publicUrl: publicUrlNow,
  });
  await app.register(usersRoutes, { db: database.db });
  await app.register(adminRoutes, {
    db: database.db,
    auth,
    store: proc.store,
    queue: () => proc.jobs.queueStats(),
    queueHealth: () => proc.queueHealth(),
    engineHealth: () => proc.modelHealth(),
    // Payments are built below; the overview asks at request time (decision 0120).
    payments: () => app.payments.status(),
    botCheck: async () => (await settings().effective()).turnstile !== undefined,
  });
  await app.register(errorReportsRoutes, { db: database.db });
  await app.register(samplesRoutes, { catalog: samples });
  const signer = new ResultSigner(deriveKey(secret, 'result-links'));
  await app.register(jobsRoutes, {
    db: database.db,
    jobs: proc.jobs,
    store: proc.store,
    samples,
    signer,
    publicUrl: publicUrlNow,
    retentionMs: config.jobs.retentionMs,
    urlImportAllowHosts: config.jobs.urlImportAllowHosts,
    turnstile: async () => (await settings().effective()).turnstile,
    visitorSecret: deriveKey(secret, 'visitors'),
  });
  await app.register(historyRoutes, {
    history: new JobHistory({ db: database.db, store: proc.store }),
    retentionMs: config.jobs.retentionMs,
  });
  // Backgrounds and shadows (issue 25): one composition for the editor's exports and the API.
  const compositor = new Compositor({
    store: proc.store,
    imageLimits: {
      maxInputPixels: config.engine.maxInputPixels,
      maxInputSide: config.engine.maxInputSide,
      maxAspectRatio: config.engine.maxAspectRatio,
    },
    urlImportAllowHosts: config.jobs.urlImportAllowHosts,
  });
  await app.register(composeRoutes, { jobs: proc.jobs, compositor });
  // The public API and the API keys that open it (issue 13).
  await app.register(apiKeysRoutes, { db: database.db });
  await app.register(publicApiRoutes, {
    db: database.db,
    jobs: proc.jobs,
    store: proc.store,
    compositor,
    signer,
    publicUrl: publicUrlNow,
    urlImportAllowHosts: config.jobs.urlImportAllowHosts,
    rateLimitPerMinute: config.api.rateLimitPerMinute,
    limiter: new KeyRateLimiter(
      config.api.rateLimitPerMinute,
      redis ? new RedisWindowCounter(redis, 'api-key') : undefined,
    ),
  });
  await app.register(batchesRoutes, {
    batches: new BatchesService({ db: database.db, jobs: proc.jobs, log: app.log }),
    store: proc.store,
  });
  await app.register(contactRoutes, {
    db: database.db,
    mailer,
    supportEmail: config.mail.support,
  });
  await app.register(newsletterRoutes, { db: database.db });
  const payments = await createPayments({
    config: config.payments,
    integrations: settings(),
    db: database.db,
    mailer,
    log: app.log,
    secret,
    listening: () => (app.server.listening ? app.server.address() : null),
    production: config.env === 'production',
    notify: (kind, facts) => void notifyAdmins(alerts, kind, facts).catch(alertFailed),
    ...(options.payments ? { hooks: options.payments } : {}),
  });
  late.payments = payments;
  app.decorate('payments', payments);
  app.addHook('onReady', async () => payments.start());
  await app.register(paymentsRoutes, { payments });
  {
    const connections = new DatabaseConnections({
      db: database.db,
      secretBox: app.secretBox,
      drivers: createDrivers({
        sqliteDir: config.databaseConnections.sqliteDir,
        protectedFiles: config.database.dialect === 'sqlite' ? [config.database.file] : [],
      }),
      log: app.log,
    });
    app.addHook('onClose', () => connections.close());
    // Passwords stored before decision 0134 are bound to the destination their row names now.
    const bound = await connections.bindLegacySecrets();
    if (bound > 0) app.log.info({ bound }, 'stored database passwords bound to their destination');
    await app.register(databaseConnectionsRoutes, { connections });
  }
  await app.register(integrationsRoutes, { db: database.db, integrations: settings(), mailer });
  // Pages CMS (issue 15): the Page API, the sitemap, and the documents of content pages and
  // of the 404 that the web app's fallback answers with.
  await app.register(pagesRoutes, { db: database.db, publicUrl: publicUrlNow });
  const pageDocuments = createPageDocuments({
    db: database.db,
    publicUrl: publicUrlNow,
    loadSession: app.loadSession,
  });
  await app.register(webAppPlugin, { webApp, pageDocuments });

  return app;
}
