import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import { openDatabase, type DatabaseHandle } from './db/database.js';
import { migrateToLatest } from './db/migrations/index.js';
import { AppError } from './errors.js';
import { accountsRoutes } from './modules/accounts/accounts.routes.js';
import { errorReportsRoutes } from './modules/error-reports/error-reports.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { errorsPlugin } from './plugins/errors.js';
import { metricsPlugin } from './plugins/metrics.js';
import { openApiPlugin } from './plugins/openapi.js';
import { securityPlugin } from './plugins/security.js';
import { loadWebApp, webAppPlugin, type WebApp } from './plugins/web-app.js';

// Builds the whole app without listening, so tests build exactly what production runs.

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

export interface BuildOptions {
  /** Use this database instead of opening the configured one (tests). It is closed with the app. */
  database?: DatabaseHandle;
  /** Use this web app (or none) instead of loading config.webDistDir. */
  webApp?: WebApp | null;
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
    logger: {
      level: config.logLevel,
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.headers["x-api-key"]',
          'res.headers["set-cookie"]',
        ],
        censor: '[redacted]',
      },
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    requestIdHeader: false,
    // Keep a caller's request id when it looks like one, so logs join up across services.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  const database = options.database ?? openDatabase(config.database);
  app.decorate('database', database);
  app.addHook('onClose', async () => {
    await database.close();
  });
  try {
    const applied = await migrateToLatest(database.db, database.dialect);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  } catch (error) {
    await database.close();
    throw error;
  }

  const webApp =
    options.webApp === undefined ? loadWebApp(config.webDistDir) : (options.webApp ?? undefined);
  if (!webApp) app.log.warn({ dir: config.webDistDir }, 'web app not built; serving the API only');

  await app.register(errorsPlugin);
  await app.register(compress, { threshold: 1024 });
  await app.register(securityPlugin, {
    inlineScriptHashes: webApp?.inlineScriptHashes ?? [],
    https: config.publicUrl.startsWith('https:'),
  });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError(
        429,
        'rate_limited',
        `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
      ),
  });
  await app.register(metricsPlugin, { token: config.metricsToken });
  await app.register(openApiPlugin, { version, publicUrl: config.publicUrl });

  await app.register(healthRoutes, {
    database,
    version,
    startedAt: Date.now(),
    // The engine's pool and the job queue are wired in by the processing service; until then
    // they honestly report that they are not part of this server.
    queue: () => ({ status: 'not_configured', detail: 'The processing queue is not built yet.' }),
    model: () => ({
      status: 'not_configured',
      detail: 'The engine is not connected to the server yet.',
    }),
  });
  await app.register(accountsRoutes);
  await app.register(errorReportsRoutes, { db: database.db });
  await app.register(webAppPlugin, { webApp });

  return app;
}
