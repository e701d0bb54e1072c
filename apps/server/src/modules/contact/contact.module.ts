import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { Mailer } from '../../mail/mailer.js';
import { contactRoutes } from './contact.routes.js';

export async function registerContact(
  app: FastifyInstance,
  deps: { db: Db; mailer: Pick<Mailer, 'enqueue'>; config: Config['mail'] },
): Promise<void> {
  await app.register(contactRoutes, {
    db: deps.db,
    mailer: deps.mailer,
    supportEmail: deps.config.support,
  });
}
