import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { errorReportsRoutes } from './error-reports.routes.js';

export async function registerErrorReports(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  await app.register(errorReportsRoutes, { db: deps.db });
}
