import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { newsletterRoutes } from './newsletter.routes.js';

export async function registerNewsletter(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  await app.register(newsletterRoutes, { db: deps.db });
}
