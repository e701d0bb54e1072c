import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { apiKeysRoutes } from './api-keys.routes.js';

export async function registerApiKeys(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  await app.register(apiKeysRoutes, { db: deps.db });
}
