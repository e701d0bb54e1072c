import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Processing } from '../jobs/processing.js';
import { batchesRoutes } from './batches.routes.js';
import { BatchesService } from './batches.service.js';

export async function registerBatches(
  app: FastifyInstance,
  deps: { db: Db; processing: Processing },
): Promise<void> {
  await app.register(batchesRoutes, {
    batches: new BatchesService({ db: deps.db, jobs: deps.processing.jobs, log: app.log }),
    store: deps.processing.store,
  });
}
