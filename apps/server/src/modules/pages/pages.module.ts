import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.js';
import { createPageDocuments } from './pages.documents.js';
import { pagesRoutes } from './pages.routes.js';

// Pages CMS (issue 15): the Page API, the sitemap, and the documents of content pages and of the
// 404 that the web app's fallback answers with (returned: the web app serves them).

export async function registerPages(
  app: FastifyInstance,
  deps: { db: Db; publicUrl: () => string },
): Promise<ReturnType<typeof createPageDocuments>> {
  await app.register(pagesRoutes, { db: deps.db, publicUrl: deps.publicUrl });
  return createPageDocuments({
    db: deps.db,
    publicUrl: deps.publicUrl,
    loadSession: app.loadSession,
  });
}
