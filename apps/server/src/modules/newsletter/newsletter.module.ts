import type { FastifyInstance } from 'fastify';
import { newsletterRoutes } from './newsletter.routes.js';
import type { NewsletterDeps } from './newsletter.service.js';

export async function registerNewsletter(
  app: FastifyInstance,
  deps: NewsletterDeps,
): Promise<void> {
  await app.register(newsletterRoutes, deps);
}
