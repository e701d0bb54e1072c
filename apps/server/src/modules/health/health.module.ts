import type { ComponentHealth } from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.js';
import { mailHealth } from '../../mail/mail-health.js';
import type { Processing } from '../jobs/processing.js';
import { healthRoutes } from './health.routes.js';

// Health: the database, the queue, the model and mail, as one answer (for probes and the admin).

export async function registerHealth(
  app: FastifyInstance,
  deps: {
    database: DatabaseHandle;
    version: string;
    processing: Processing;
    /** The backups of Cutout's own data (decision 0268). */
    backups: () => ComponentHealth;
  },
): Promise<void> {
  const { processing } = deps;
  await app.register(healthRoutes, {
    database: deps.database,
    version: deps.version,
    startedAt: Date.now(),
    queue: () => processing.queueHealth(),
    model: () => processing.modelHealth(),
    mail: () => mailHealth(deps.database.db),
    backups: deps.backups,
  });
}
