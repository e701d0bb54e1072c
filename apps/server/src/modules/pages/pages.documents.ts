import { appTexts, contentPageMeta, pagesTexts, paths, siteTexts } from '@cutout/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import type { PageDocument } from '../../plugins/web-app.js';
import { escapeHtml as esc } from './page-html.js';
import type { PageRow } from './pages.repository.js';
import { findVisiblePage, toPublicPage } from './pages.service.js';

// The HTML the server sends for an address that is not one of the app's own routes (decision
// 0092): a published page's document already carries its title, description, keywords,
// canonical link, Open Graph and Twitter tags and its sanitized content, so crawlers and link
// previews read it without running scripts; anything else is a real 404. The web app (the '*'
// route) then renders the same page with its template and removes what the server added.

/**
 * Marks what the server adds to the app's shell. The content is hidden where scripts run (the
 * app renders it itself) and shown where they do not; the app removes the marked elements
 * once it has rendered the page.
 */
export const SERVER_PAGE_ATTR = 'data-server-page';
const mark = `${SERVER_PAGE_ATTR}=""`;
const A = `article[${SERVER_PAGE_ATTR}]`;
// Hidden where scripts run; where they do not, a readable column with images that fit.
const hideWhereScriptsRun =
  `<style ${mark}>@media (scripting: enabled){${A}{display:none}}` +
  `${A}{max-width:48rem;margin:2rem auto;padding:0 1rem;line-height:1.7}` +
  `${A} h1{font-size:2rem;font-weight:600;line-height:1.25}${A} h2{font-size:1.5rem;font-weight:600}` +
  `${A} img{max-width:100%;height:auto;max-height:24rem}${A} :is(p,ul,ol,table,pre){margin:1rem 0}</style>`;

function metaTag(attr: 'name' | 'property', key: string, content: string): string {
  return content === '' ? '' : `<meta ${mark} ${attr}="${key}" content="${esc(content)}">`;
}

/** The head tags and body article of a page's document. */
export function pageDocumentParts(
  row: PageRow,
  publicUrl: string,
  { preview = false }: { preview?: boolean } = {},
): PageDocument {
  const page = toPublicPage(row); // sanitized again on render
  const meta = contentPageMeta(page, publicUrl);
  const twitterCard = meta.image ? 'summary_large_image' : 'summary';
  const head = [
    metaTag('name', 'description', meta.description),
    metaTag('name', 'keywords', meta.keywords),
    `<link ${mark} rel="canonical" href="${esc(meta.canonical)}">`,
    metaTag('property', 'og:title', meta.title),
    metaTag('property', 'og:description', meta.description),
    metaTag('property', 'og:image', meta.image),
    metaTag('property', 'og:url', meta.canonical),
    metaTag('property', 'og:type', meta.type),
    metaTag('property', 'og:site_name', appTexts.productName),
    metaTag('name', 'twitter:card', twitterCard),
    metaTag('name', 'twitter:title', meta.title),
    metaTag('name', 'twitter:description', meta.description),
    metaTag('name', 'twitter:image', meta.image),
    preview ? metaTag('name', 'robots', 'noindex') : '',
    hideWhereScriptsRun,
  ].join('');
  const image = page.featured_image
    ? `<img src="${esc(page.featured_image)}" alt="${esc(page.title)}">`
    : '';
  const byline =
    page.template === 'blog'
      ? `<p>${esc(pagesTexts.by(page.author))} · <time datetime="${esc(page.last_edited)}">${esc(page.last_edited.slice(0, 10))}</time></p>`
      : '';
  const excerpt = page.excerpt ? `<p>${esc(page.excerpt)}</p>` : '';
  const body =
    `<article ${mark}><header><h1>${esc(page.title)}</h1>${excerpt}${byline}${image}</header>` +
    `<div>${page.content}</div></article>`;
  return { status: 200, title: esc(meta.title), head, body, noindex: preview };
}

/** The 404 document: the spec's not-found screen, for people and crawlers without scripts. */
export function notFoundDocumentParts(): PageDocument {
  const { title, message, action } = appTexts.notFound;
  return {
    status: 404,
    title: esc(siteTexts.documentTitle(title)),
    head:
      metaTag('name', 'description', message) +
      metaTag('name', 'robots', 'noindex') +
      hideWhereScriptsRun,
    body: `<article ${mark}><h1>${esc(title)}</h1><p>${esc(message)}</p><a href="${paths.home}">${esc(action)}</a></article>`,
    noindex: true,
  };
}

export interface PageDocumentsDeps {
  db: Db;
  /** The public URL now (Admin → Integrations or PUBLIC_URL). */
  publicUrl: () => string;
  loadSession: (
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<{ role: string } | null | undefined>;
}

/** True for ?preview=true (or 1): an admin asks to see a draft as it will look. */
function wantsPreview(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.preview;
  return value === 'true' || value === '1';
}

/**
 * The document for a page address: the published page, or with ?preview=true for an admin any
 * page (marked noindex); otherwise the 404 document. Read from the database on every request,
 * so an edit shows at once.
 */
export function createPageDocuments({ db, publicUrl, loadSession }: PageDocumentsDeps) {
  return async (
    pathname: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<PageDocument> => {
    const published = await findVisiblePage(db, pathname, { preview: false });
    if (published) return pageDocumentParts(published, publicUrl());
    if (wantsPreview(request)) {
      const user = await loadSession(request, reply);
      if (user?.role === 'admin') {
        const draft = await findVisiblePage(db, pathname, { preview: true });
        if (draft) return pageDocumentParts(draft, publicUrl(), { preview: true });
      }
    }
    return notFoundDocumentParts();
  };
}
