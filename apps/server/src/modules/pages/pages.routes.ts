import { paths, prerenderedPaths, sitemapPath, pagesEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import type { Db } from '../../db/database.js';
import { escapeHtml } from './page-html.js';
import {
  createPage,
  deletePage,
  getPage,
  listPages,
  pageStats,
  publicPageBySlug,
  sitemapPages,
  updatePage,
} from './pages.service.js';

// The §7 Page API under /api/pages: the admin reads and writes every page; everyone else reads
// published pages by slug. Also the sitemap (the public pages and every published content page)
// and robots.txt, which points crawlers at it.

/** Public pages listed in the sitemap: the prerendered ones, less the account forms. */
const sitemapStaticPaths = prerenderedPaths.filter(
  (p) => p !== paths.signIn && p !== paths.signUp && p !== paths.forgotPassword,
);

export const pagesRoutes: FastifyPluginAsyncZod<{ db: Db; publicUrl: () => string }> = async (
  app,
  { db, publicUrl },
) => {
  const tags = ['pages'];

  route(
    app,
    pagesEndpoints.list,
    {
      schema: {
        tags,
        summary: 'Pages, most recently edited first (admin), with the total for the filters',
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return listPages(db, request.query);
    },
  );

  route(
    app,
    pagesEndpoints.stats,
    {
      schema: {
        tags,
        summary: 'How many pages there are, by status (admin)',
      },
      onRequest: app.requireAdmin,
    },
    async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      return pageStats(db);
    },
  );

  route(
    app,
    pagesEndpoints.bySlug,
    {
      schema: {
        tags,
        summary:
          'A published page by its slug (GET /api/pages/slug/about-us for /about-us); with ?preview=true an admin gets drafts too',
      },
    },
    async (request, reply) => {
      const wantsPreview = request.query.preview === 'true' || request.query.preview === '1';
      const user = wantsPreview ? await app.loadSession(request, reply) : null;
      // An edit shows at once: never served from a cache without asking.
      void reply.header('cache-control', wantsPreview ? 'no-store' : 'no-cache');
      return publicPageBySlug(db, `/${request.params['*'].replace(/^\/+/, '')}`, {
        preview: user?.role === 'admin',
      });
    },
  );

  route(
    app,
    pagesEndpoints.page,
    {
      schema: {
        tags,
        summary: 'A page by id, whatever its status (admin)',
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getPage(db, request.params.id);
    },
  );

  route(
    app,
    pagesEndpoints.create,
    {
      schema: {
        tags,
        summary: 'Create a page (admin); its HTML is sanitized and its SEO score computed',
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      const page = await createPage(db, request.body, request.user!, request.ip);
      return reply.status(201).send(page);
    },
  );

  route(
    app,
    pagesEndpoints.update,
    {
      schema: {
        tags,
        summary: 'Replace a page (admin): the same fields as create',
      },
      onRequest: app.requireAdmin,
    },
    async (request) => updatePage(db, request.params.id, request.body, request.user!, request.ip),
  );

  route(
    app,
    pagesEndpoints.remove,
    {
      schema: {
        tags,
        summary: 'Delete a page for good (admin)',
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      await deletePage(db, request.params.id, request.user!, request.ip);
      return reply.status(204).send(null);
    },
  );

  app.get(
    sitemapPath,
    { schema: { tags, summary: 'The sitemap: public pages and published content pages' } },
    async (_request, reply) => {
      const base = publicUrl().replace(/\/+$/, '');
      const entries: { loc: string; lastmod?: string }[] = [
        ...sitemapStaticPaths.map((p) => ({ loc: `${base}${p}` })),
        ...(await sitemapPages(db)).map((page) => ({
          loc: `${base}${page.slug}`,
          lastmod: page.last_edited.slice(0, 10),
        })),
      ];
      const xml =
        '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        entries
          .map(
            (e) =>
              `  <url><loc>${escapeHtml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ''}</url>`,
          )
          .join('\n') +
        '\n</urlset>\n';
      void reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8');
      return reply.send(xml);
    },
  );

  app.get(
    '/robots.txt',
    { schema: { tags, summary: 'Where the sitemap is; the back-office is not for crawlers' } },
    async (_request, reply) => {
      const base = publicUrl().replace(/\/+$/, '');
      const lines = [
        'User-agent: *',
        `Disallow: ${paths.admin}`,
        `Disallow: ${paths.dashboard}`,
        'Disallow: /api/',
        '',
        `Sitemap: ${base}${sitemapPath}`,
        '',
      ];
      void reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8');
      return reply.send(lines.join('\n'));
    },
  );
};
