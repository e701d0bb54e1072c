import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isAppRoute } from '@cutout/contracts';
import { AppError } from '../errors.js';

// Serves the built web app (React Router framework mode, ssr: false): prerendered pages as their
// own HTML, every other client route through the SPA fallback (history fallback), hashed assets
// with long-lived caching. It also hashes each page's inline <script>s so that page's
// Content-Security-Policy allows exactly those instead of 'unsafe-inline'.

export interface WebApp {
  root: string;
  /** URL path ("/about") → absolute HTML file. */
  pages: Map<string, string>;
  fallback: string | undefined;
  /** HTML file → 'sha256-…' sources for its inline scripts. */
  scriptHashes: Map<string, string[]>;
}

const FALLBACK_NAMES = ['__spa-fallback.html', 'index.html'];

function listHtmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listHtmlFiles(full));
    else if (entry.name.endsWith('.html')) out.push(full);
  }
  return out;
}

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?<attrs>[^>]*)>(?<body>[\s\S]*?)<\/script>/gi)) {
    const attrs = match.groups?.attrs ?? '';
    const body = match.groups?.body ?? '';
    if (/\ssrc\s*=/.test(attrs) || body.length === 0) continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

export function loadWebApp(root: string): WebApp | undefined {
  if (!existsSync(root) || !statSync(root).isDirectory()) return undefined;
  const pages = new Map<string, string>();
  const scriptHashes = new Map<string, string[]>();
  let fallback: string | undefined;
  for (const file of listHtmlFiles(root)) {
    scriptHashes.set(file, inlineScriptHashes(readFileSync(file, 'utf8')));
    const rel = path.relative(root, file).split(path.sep).join('/');
    if (rel === '__spa-fallback.html') continue;
    if (rel === 'index.html') pages.set('/', file);
    else if (rel.endsWith('/index.html'))
      pages.set(`/${rel.slice(0, -'/index.html'.length)}`, file);
  }
  for (const name of FALLBACK_NAMES) {
    const candidate = path.join(root, name);
    if (existsSync(candidate)) {
      fallback = candidate;
      break;
    }
  }
  return { root, pages, fallback, scriptHashes };
}

/** The path of a page address, without a trailing slash and %-decoded; undefined if malformed. */
function pagePath(url: string): string | undefined {
  const pathname = url.split('?')[0] ?? '/';
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  try {
    return decodeURIComponent(normalised);
  } catch {
    return undefined; // malformed %-escape: no page has such a name
  }
}

/**
 * The HTML file that answers a client route: its prerendered page, else the SPA fallback (which
 * content pages and the 404 document are also built from).
 */
export function htmlFileFor(webApp: WebApp, url: string): string | undefined {
  const decoded = pagePath(url);
  if (decoded === undefined) return undefined;
  const page = webApp.pages.get(decoded);
  if (page) return page;
  return path.extname(decoded) ? undefined : webApp.fallback;
}

/**
 * What the server sends for an address that is not one of the app's routes (decision 0092):
 * a content page's document (200), or the 404 document. `title` is escaped HTML; `head` and
 * `body` are HTML added to the app's shell.
 */
export interface PageDocument {
  status: 200 | 404;
  title: string;
  head: string;
  body: string;
  /** Not for search engines (the 404 and an admin's preview of a draft). */
  noindex: boolean;
}

export type PageDocuments = (
  pathname: string,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<PageDocument>;

/**
 * The app's shell (the SPA fallback) with a document's parts: its <title> text replaced (React
 * keeps that element), the shell's own description dropped, the head tags added after the
 * title and the body's article first in <body>. React 19 hydrates around elements it did not
 * render, so the app starts as on any other address.
 */
export function fillShell(shell: string, doc: PageDocument): string {
  return shell
    .replace(/<title>[^<]*<\/title>/, `<title>${doc.title}</title>${doc.head}`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, '')
    .replace(/<body([^>]*)>/, (open) => `${open}${doc.body}`);
}

/**
 * The inline-script hashes the Content-Security-Policy of a response to `url` must allow: those
 * of the page that answers it, and none for the API or assets. Each page's policy lists only its
 * own scripts (the route data React Router inlines differs per page), which keeps the header
 * short and the policy tight.
 */
export function scriptHashesFor(webApp: WebApp | undefined, url: string): string[] {
  if (!webApp || isServerPath(url)) return [];
  const file = htmlFileFor(webApp, url);
  return file ? (webApp.scriptHashes.get(file) ?? []) : [];
}

// Headers that only mean something on a document. Hashed assets are fetched ~40 at a time on a
// first visit; without these they carry ~0.5 KB of headers each instead of ~2.4 KB.
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Paths the server owns: they never fall back to the web app. `/api` itself is the web app's
 * API documentation page; everything below `/api/` is the server's, and so is `/users/…`, the
 * spec's path for the users API (§7).
 */
export function isServerPath(url: string): boolean {
  return (
    url.startsWith('/api/') ||
    url.startsWith('/users/') ||
    /^\/(health|metrics|remove-background)(\/|$|\?)/.test(url)
  );
}

function wantsHtml(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const accept = request.headers.accept ?? '*/*';
  return accept.includes('text/html') || accept.includes('*/*');
}

// The built pages do not change while the server runs: read and compress each once. Pages are
// answered from the not-found handler, which @fastify/compress does not hook (it hooks routes).
interface CachedPage {
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}
const pageCache = new Map<string, CachedPage>();

function cachedPage(file: string): CachedPage {
  let page = pageCache.get(file);
  if (!page) {
    const raw = readFileSync(file);
    page = {
      raw,
      gzip: gzipSync(raw, { level: 9 }),
      br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    };
    pageCache.set(file, page);
  }
  return page;
}

/** The encodings a client accepts (q=0 means refused). */
function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}

function sendHtml(request: FastifyRequest, reply: FastifyReply, file: string, doc?: PageDocument) {
  const page = doc ? documentPage(file, doc) : cachedPage(file);
  const accepted = acceptedEncodings(request.headers['accept-encoding']);
  const [encoding, body] = accepted.has('br')
    ? ['br', page.br]
    : accepted.has('gzip')
      ? ['gzip', page.gzip]
      : [undefined, page.raw];
  // HTML is small and names the hashed assets: always revalidate it.
  void reply
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding')
    .type('text/html; charset=utf-8');
  if (encoding) void reply.header('content-encoding', encoding);
  if (doc) {
    void reply.status(doc.status);
    if (doc.noindex) void reply.header('x-robots-tag', 'noindex');
  }
  return reply.send(body);
}

/** A content page's or the 404's document, built from the shell per request (never cached). */
function documentPage(file: string, doc: PageDocument): CachedPage {
  const raw = Buffer.from(fillShell(cachedPage(file).raw.toString('utf8'), doc));
  return {
    raw,
    gzip: gzipSync(raw, { level: 6 }),
    br: brotliCompressSync(raw, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }),
  };
}

export const webAppPlugin = fp<{ webApp: WebApp | undefined; pageDocuments?: PageDocuments }>(
  async function webAppPlugin(app: FastifyInstance, { webApp, pageDocuments }) {
    if (webApp) {
      await app.register(fastifyStatic, {
        root: webApp.root,
        wildcard: false,
        index: false,
        serve: true,
        // The build writes a .br and a .gz beside each script and stylesheet
        // (apps/web/scripts/precompress.mjs): sent as they are, not compressed per request.
        preCompressed: true,
        setHeaders(reply, filePath) {
          // Vite names assets by content hash, so they never change under the same name.
          if (filePath.includes(`${path.sep}assets${path.sep}`)) {
            void reply.header('cache-control', 'public, max-age=31536000, immutable');
            // helmet wrote these on the raw response when the request arrived.
            for (const name of DOCUMENT_ONLY_HEADERS) reply.raw.removeHeader(name);
          }
        },
      });
    }

    app.setNotFoundHandler(async (request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      if (!isServerPath(url) && wantsHtml(request)) {
        if (!webApp) {
          throw new AppError(
            503,
            'service_unavailable',
            'The web app is not built yet. Run `npm start` (it builds what is missing) or `npm run build`.',
          );
        }
        const file = htmlFileFor(webApp, url);
        if (file) {
          // The app's own routes get the shell as it is; any other address is a content page
          // or a real 404 (decision 0092).
          const decoded = pagePath(url)!;
          if (!pageDocuments || file !== webApp.fallback || isAppRoute(decoded)) {
            return sendHtml(request, reply, file);
          }
          return sendHtml(request, reply, file, await pageDocuments(decoded, request, reply));
        }
      }
      throw new AppError(404, 'not_found', `No route for ${request.method} ${url}.`);
    });
  },
  { name: 'web-app' },
);
