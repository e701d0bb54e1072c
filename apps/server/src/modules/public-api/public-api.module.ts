import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { KeyRateLimiter, RedisWindowCounter } from '../../plugins/rate-limits.js';
import type { SharedRedis } from '../../plugins/shared-redis.js';
import type { Compositor } from '../compose/compose.module.js';
import type { Processing, ResultSigner } from '../jobs/jobs.module.js';
import { publicApiRoutes } from './public-api.routes.js';

// The public API (issue 13), opened by API keys.

export async function registerPublicApi(
  app: FastifyInstance,
  deps: {
    db: Db;
    processing: Processing;
    compositor: Compositor;
    signer: ResultSigner;
    /** The public URL now (Admin → Integrations or PUBLIC_URL). */
    publicUrl: () => string;
    config: Config['api'];
    jobs: Pick<Config['jobs'], 'urlImportAllowHosts'>;
    /** Counts calls per key across API processes (decision 0114); unset: in memory. */
    redis: SharedRedis | undefined;
  },
): Promise<void> {
  const { config, redis } = deps;
  await app.register(publicApiRoutes, {
    db: deps.db,
    jobs: deps.processing.jobs,
    store: deps.processing.store,
    compositor: deps.compositor,
    signer: deps.signer,
    publicUrl: deps.publicUrl,
    urlImportAllowHosts: deps.jobs.urlImportAllowHosts,
    rateLimitPerMinute: config.rateLimitPerMinute,
    limiter: new KeyRateLimiter(
      config.rateLimitPerMinute,
      redis ? new RedisWindowCounter(redis, 'api-key') : undefined,
    ),
  });
}
