import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { usersRoutes } from './users.routes.js';

export async function registerUsers(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  await app.register(usersRoutes, { db: deps.db });
}
