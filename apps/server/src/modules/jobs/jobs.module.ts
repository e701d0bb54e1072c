import type { EnginePool } from '@cutout/engine';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { SampleCatalog } from '../samples/samples.module.js';
import { historyRoutes } from './history.routes.js';
import { JobHistory } from './jobs.history.js';
import { jobsRoutes } from './jobs.routes.js';
import { createProcessing, type Processing } from './processing.js';
import { ResultSigner } from './result-links.js';
import type { TurnstileConfig } from './turnstile.js';

// Jobs: the processing service (engine, storage, queue) that several modules read, and the
// editor's jobs and history API.

export type { Processing } from './processing.js';
export type { ResultSigner } from './result-links.js';

declare module 'fastify' {
  interface FastifyInstance {
    processing: Processing;
  }
}

/**
 * The processing service, started when the app is ready. Its close is the caller's: running
 * jobs must end before what they write to closes (app.ts orders the closes).
 */
export function createJobsProcessing(
  app: FastifyInstance,
  deps: {
    /** The whole configuration: worker processes build the same service from it. */
    config: Config;
    db: Db;
    /** Use this engine pool instead of one built from config.engine (tests). */
    engine: EnginePool | undefined;
  },
): Processing {
  const processing = createProcessing({
    config: deps.config,
    db: deps.db,
    log: app.log,
    metrics: app.metrics,
    engine: deps.engine,
  });
  app.decorate('processing', processing);
  app.addHook('onReady', async () => {
    await processing.start();
  });
  return processing;
}

export async function registerJobs(
  app: FastifyInstance,
  deps: {
    db: Db;
    processing: Processing;
    samples: SampleCatalog;
    config: Pick<Config['jobs'], 'retentionMs' | 'urlImportAllowHosts'>;
    /** The public URL now (Admin → Integrations or PUBLIC_URL): signed result addresses. */
    publicUrl: () => string;
    /** Turnstile's keys now; undefined: no bot check. */
    turnstile: () => Promise<TurnstileConfig | undefined>;
    /** deriveKey 'result-links' and 'visitors' (decision 0225). */
    keys: { resultLinks: Buffer; visitors: Buffer };
  },
): Promise<{ signer: ResultSigner }> {
  const { db, processing, config } = deps;
  const signer = new ResultSigner(deps.keys.resultLinks);
  await app.register(jobsRoutes, {
    db,
    jobs: processing.jobs,
    store: processing.store,
    samples: deps.samples,
    signer,
    publicUrl: deps.publicUrl,
    retentionMs: config.retentionMs,
    urlImportAllowHosts: config.urlImportAllowHosts,
    turnstile: deps.turnstile,
    visitorSecret: deps.keys.visitors,
  });
  await app.register(historyRoutes, {
    history: new JobHistory({ db, store: processing.store }),
    retentionMs: config.retentionMs,
  });
  return { signer };
}
