import closeWithGrace from 'close-with-grace';
import Fastify from 'fastify';
import { Registry } from 'prom-client';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrations/index.js';
import { loggerOptions } from './logger.js';
import { createProcessing } from './modules/jobs/processing.js';
import { tightenDataDir, usePrivateUmask } from './private-data.js';

// A worker process (`npm run worker`, scale-out mode; decision 0113): the same configuration,
// database and storage as the API processes, the engine's pool, and a BullMQ worker that runs
// each job through the processing service's own path (JobsService), so the rules (claim,
// progress, charge in the completing transaction) are the same code as in the embedded mode.
// It serves no HTTP: API processes answer everything.

function configOrExit(): Config {
  try {
    const config = loadConfig();
    if (!config.queue) {
      throw new ConfigError(['QUEUE_URL: must be set for a worker process (redis://…)']);
    }
    if (config.engine.workers === 0) {
      throw new ConfigError(['ENGINE_WORKERS: a worker process needs at least 1']);
    }
    return config;
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

// Every file and directory this process creates is private to its account (decision 0136).
usePrivateUmask();
const config = configOrExit();
tightenDataDir(config);
const queue = config.queue!;
// Fastify only for its logger (the API's pino setup, redaction included); nothing listens.
const log = Fastify({ logger: loggerOptions(config.logLevel) }).log;
const database = openDatabase(config.database, {
  onIdleError: (error) =>
    log.warn({ err: error }, 'PostgreSQL closed an idle connection; the next query opens another'),
});
await migrateToLatest(database.db, database.dialect);

const processing = createProcessing({
  config,
  db: database.db,
  log,
  metrics: new Registry(),
  role: 'worker',
});

closeWithGrace({ delay: queue.shutdownGraceMs + 10_000 }, async ({ signal, err }) => {
  if (err) log.error({ err }, 'worker closing after an uncaught error');
  else log.info({ signal }, 'worker closing: finishing running jobs');
  // Running jobs finish, or are handed back after WORKER_SHUTDOWN_SECONDS.
  await processing.close();
  await database.close();
  log.info('worker closed');
});

await processing.start();
await processing.warmUp();
log.info(
  { prefix: queue.prefix, engine: processing.modelHealth().detail },
  'Cutout worker is taking jobs',
);
