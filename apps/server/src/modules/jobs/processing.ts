import type { ComponentHealth } from '@cutout/contracts';
import {
  createEnginePool,
  defaultSizing,
  touchUp,
  type EnginePool,
  type ModelConfig,
} from '@cutout/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Registry } from 'prom-client';
import sharp from 'sharp';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { ObjectStore } from '../storage/object-store.js';
import { openObjectStore } from '../storage/open-store.js';
import { BullDispatch } from './bull-dispatch.js';
import { RedisJobEvents } from './job-event-bus.js';
import { jobMetrics } from './jobs.metrics.js';
import { JobsService } from './jobs.service.js';

// Puts the processing service together: the engine's pool (created on first use or by warmUp,
// since loading ISNet takes seconds), result storage, the job service, its metrics, the
// retention sweep, and health probes. With QUEUE_URL (scale-out, decisions 0110–0113) jobs go
// through BullMQ and their changes through Redis pub/sub; this process runs jobs only when it
// is a worker process or an API with engine workers (ENGINE_WORKERS=0: an API only).

export interface Processing {
  jobs: JobsService;
  store: ObjectStore;
  /** Loads the model now (production start) instead of on the first image. */
  warmUp(): Promise<void>;
  /** Picks up unfinished jobs and sweeps expired files; then sweeps on a schedule. */
  start(): Promise<void>;
  modelHealth(): ComponentHealth;
  queueHealth(): ComponentHealth;
  close(): Promise<void>;
}

export interface ProcessingOptions {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  metrics: Registry;
  /** An engine pool to use instead of one built from the configuration (tests). */
  engine?: EnginePool;
  /** 'worker': a worker process (`npm run worker`): runs jobs, no sweep, no recovery. */
  role?: 'api' | 'worker';
}

function modelConfig(config: Config): ModelConfig {
  const { model, modelSha256, modelInputSize } = config.engine;
  const sha256 = modelSha256 ? { sha256: modelSha256 } : {};
  if (/^https:\/\//.test(model)) {
    return {
      url: model,
      ...sha256,
      cacheDir: `${config.dataDir}/models`,
      inputSize: modelInputSize,
    };
  }
  if (/\.onnx$/i.test(model)) return { path: model, ...sha256, inputSize: modelInputSize };
  return model;
}

export function createProcessing(options: ProcessingOptions): Processing {
  const { config, db, log } = options;
  let pool = options.engine;
  let modelState: 'idle' | 'loading' | 'ready' | 'failed' = pool ? 'ready' : 'idle';
  let modelError: string | undefined;
  const sizing = defaultSizing();
  const workers = pool?.stats().workers ?? config.engine.workers ?? sizing.workers;
  const role = options.role ?? 'api';

  const engine = (): EnginePool => {
    pool ??= createEnginePool({
      model: modelConfig(config),
      workers,
      threads: config.engine.threads ?? sizing.threadsPerWorker,
      session: {
        enableCpuMemArena: config.engine.memoryArena,
        enableMemPattern: config.engine.memoryArena,
      },
      // The job queue holds waiting jobs and gives the pool one per worker; the slack is for
      // the warm-up images.
      maxQueue: workers,
      limitInputPixels: config.engine.maxInputPixels,
      maxInputSide: config.engine.maxInputSide,
      maxAspectRatio: config.engine.maxAspectRatio,
      taskTimeoutMs: config.engine.jobTimeoutMs,
    });
    return pool;
  };

  const { store, close: closeStore } = openObjectStore(config.jobs);
  // The metrics read the queue at scrape time, by then `jobs` exists.
  const observe = jobMetrics(options.metrics, db, () => jobs);
  const queue = config.queue;
  const bus = queue ? new RedisJobEvents(queue.url, queue.prefix, log) : undefined;
  const runsJobs = workers > 0;
  const jobs: JobsService = new JobsService({
    db,
    store,
    engine,
    // On the pool's workers; an API process without engine workers (ENGINE_WORKERS=0) has no
    // pool and no model, and applies a mask itself (no inference: sharp's threads and one pass).
    touchUp: (original, mask, touchUpOptions) =>
      runsJobs
        ? engine().touchUp(original, mask, touchUpOptions)
        : touchUp(original, mask, {
            ...touchUpOptions,
            limitInputPixels: config.engine.maxInputPixels,
            maxInputSide: config.engine.maxInputSide,
            maxAspectRatio: config.engine.maxAspectRatio,
          }),
    ...(queue && bus
      ? {
          bus,
          dispatch: (run) =>
            new BullDispatch({
              url: queue.url,
              prefix: queue.prefix,
              db,
              capacity: config.jobs.queueSize,
              log,
              ...(runsJobs
                ? {
                    work: {
                      concurrency: workers,
                      run,
                      lockMs: queue.lockMs,
                      stalledIntervalMs: queue.stalledIntervalMs,
                      giveUp: (id) => jobs.giveUp(id),
                    },
                  }
                : {}),
            }),
        }
      : {}),
    concurrency: workers,
    queueSize: config.jobs.queueSize,
    retentionMs: config.jobs.retentionMs,
    imageLimits: {
      maxInputPixels: config.engine.maxInputPixels,
      maxInputSide: config.engine.maxInputSide,
      maxAspectRatio: config.engine.maxAspectRatio,
    },
    log,
    observe: {
      finished(status, timings) {
        if (status === 'completed') modelState = 'ready';
        observe.finished(status, timings);
      },
    },
  });

  let sweep: NodeJS.Timeout | undefined;
  const cleanup = async () => {
    try {
      const purged = await jobs.cleanup();
      if (purged > 0) log.info({ purged }, 'deleted expired results');
    } catch (error) {
      log.error({ err: error }, 'result cleanup failed');
    }
  };

  return {
    jobs,
    store,
    async warmUp() {
      if (!runsJobs || modelState === 'ready' || modelState === 'loading') return;
      modelState = 'loading';
      const started = performance.now();
      try {
        // One tiny image through the whole pipeline loads the model in every worker's session.
        const probe = await sharp({
          create: { width: 64, height: 64, channels: 3, background: '#808080' },
        })
          .png()
          .toBuffer();
        await Promise.all(Array.from({ length: workers }, () => engine().run(probe)));
        modelState = 'ready';
        log.info(
          { model: engine().stats().model, ms: Math.round(performance.now() - started) },
          'model loaded',
        );
      } catch (error) {
        modelState = 'failed';
        modelError = error instanceof Error ? error.message : String(error);
        log.error({ err: error }, 'the model could not be loaded');
      }
    },
    async start() {
      // Subscribed before anything runs, so no change of another process is missed.
      await bus?.ready;
      // Worker processes only run what the queue gives them; API processes pick up and sweep.
      if (role === 'worker') return;
      const recovered = await jobs.recover();
      if (recovered > 0) log.info({ jobs: recovered }, 'picked up unfinished jobs');
      await cleanup();
      sweep = setInterval(() => void cleanup(), config.jobs.cleanupIntervalMs);
      sweep.unref();
    },
    modelHealth(): ComponentHealth {
      if (!runsJobs) {
        return {
          status: 'ok',
          detail: 'not loaded in this process: worker processes run the engine (QUEUE_URL)',
        };
      }
      const name =
        pool?.stats().model ??
        (typeof modelConfig(config) === 'string' ? config.engine.model : 'custom');
      switch (modelState) {
        case 'ready':
          return {
            status: 'ok',
            detail: `${name} loaded (${workers} worker${workers === 1 ? '' : 's'})`,
          };
        case 'loading':
          return { status: 'degraded', detail: `${name} is loading` };
        case 'failed':
          return {
            status: 'down',
            detail: `${name} could not be loaded: ${modelError ?? 'unknown error'}`,
          };
        default:
          return { status: 'ok', detail: `${name} loads with the first image` };
      }
    },
    queueHealth(): ComponentHealth {
      const s = jobs.queueStats();
      if (queue) {
        return {
          status: s.waiting >= s.capacity ? 'degraded' : 'ok',
          detail: `shared queue (BullMQ): ${s.running} running on all workers, ${s.waiting} of ${s.capacity} queue places taken`,
        };
      }
      const full = s.waiting >= s.capacity && s.running >= s.concurrency;
      return {
        status: full ? 'degraded' : 'ok',
        detail: `${s.running} of ${s.concurrency} workers busy, ${s.waiting} of ${s.capacity} queue places taken`,
      };
    },
    async close() {
      if (sweep) clearInterval(sweep);
      await jobs.close(queue?.shutdownGraceMs);
      // A pool handed in by the caller (tests share one) is the caller's to close.
      if (!options.engine) await pool?.close();
      await bus?.close();
      closeStore();
    },
  };
}
