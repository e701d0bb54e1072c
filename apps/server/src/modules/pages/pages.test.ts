import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  appTexts,
  pagesApiPaths,
  pagesTexts,
  seoScore,
  type Page,
  type PageBody,
} from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCookie, onBothDialects, signUp, type SignedUp } from '../../test/accounts.js';
import { tempDir, type TestApp } from '../../test/test-app.js';
import { loadWebApp } from '../../plugins/web-app.js';
import { auditEntries } from '../audit/audit.service.js';

// The pages CMS through the real app (app.inject) on SQLite and, with TEST_DATABASE_URL, on
// PostgreSQL: the Page API and its permissions, slugs, the stored SEO score and sanitized HTML,
// the sitemap, and the HTML documents the server sends for content pages and unknown addresses.

// A miniature of the web build: the SPA shell as react-router writes it (title, description,
// body) and one prerendered page.
const build = tempDir('cutout-pages-web-');
const shell =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>Cutout</title>' +
  '<meta name="description" content="AI background removal"/><script>window.__ctx={}</script></head>' +
  '<body><a href="#main">Skip to content</a><div role="status">Loading...</div></body></html>';
writeFileSync(path.join(build.dir, '__spa-fallback.html'), shell);
writeFileSync(path.join(build.dir, 'index.html'), shell.replace('Loading...', 'Home'));
mkdirSync(path.join(build.dir, 'pricing'));
writeFileSync(
  path.join(build.dir, 'pricing', 'index.html'),
  shell.replace('Loading...', 'Pricing'),
);
afterAll(() => build.remove());

const xss = '<img src=x onerror="window.__xss=1"><script>window.__xss=2</script>';
const longText = (n: number) => 'x'.repeat(n);

let counter = 0;
function body(overrides: Partial<PageBody> = {}): PageBody {
  counter += 1;
  return {
    title: `Page ${counter}`,
    slug: `/page-${counter}-${Math.random().toString(36).slice(2, 8)}`,
    content: `<h2>Hello</h2><p>${longText(320)}</p>`,
    ...overrides,
  };
}

onBothDialects(
  'pages',
  (get) => {
    let admin: string;
    let user: SignedUp;
    const t = () => get().app;
    beforeAll(async () => {
      admin = await adminCookie(t());
      user = await signUp(t());
    });

    const create = (payload: unknown, cookie = admin) =>
      t().inject({
        method: 'POST',
        url: pagesApiPaths.list,
        payload: payload as object,
        headers: { cookie },
      });
    const created = async (overrides: Partial<PageBody> = {}) => {
      const res = await create(body(overrides));
      expect(res.statusCode, res.body).toBe(201);
      return res.json<Page>();
    };
    const html = (url: string, cookie?: string) =>
      t().inject({ url, headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });

    describe('permissions', () => {
      it('writes and admin reads need the admin role', async () => {
        const page = await created();
        const calls = [
          { method: 'GET', url: pagesApiPaths.list },
          { method: 'GET', url: pagesApiPaths.stats },
          { method: 'GET', url: pagesApiPaths.page(page.id) },
          { method: 'POST', url: pagesApiPaths.list, payload: body() },
          { method: 'PUT', url: pagesApiPaths.page(page.id), payload: body() },
          { method: 'DELETE', url: pagesApiPaths.page(page.id) },
        ] as const;
        for (const call of calls) {
          const anonymous = await t().inject(call);
          expect(anonymous.statusCode, `${call.method} ${call.url}`).toBe(401);
          const asUser = await t().inject({ ...call, headers: { cookie: user.cookie } });
          expect(asUser.statusCode, `${call.method} ${call.url}`).toBe(403);
        }
        // Nothing was written by the refused calls.
        const still = await t().inject({
          url: pagesApiPaths.page(page.id),
          headers: { cookie: admin },
        });
        expect(still.json<Page>().title).toBe(page.title);
      });
    });

    describe('audit', () => {
      it('records each create, update and delete with the admin, the page and what changed', async () => {
        const page = await created({ title: 'Audited page', status: 'draft' });
        const put = await t().inject({
          method: 'PUT',
          url: pagesApiPaths.page(page.id),
          payload: body({ title: 'Audited page', slug: page.slug, status: 'published' }),
          headers: { cookie: admin },
        });
        expect(put.statusCode, put.body).toBe(200);
        const del = await t().inject({
          method: 'DELETE',
          url: pagesApiPaths.page(page.id),
          headers: { cookie: admin },
        });
        expect(del.statusCode).toBe(204);
        const entries = await auditEntries(t().database.db, {
          targetType: 'page',
          targetId: page.id,
        });
        expect(entries.map((e) => e.action)).toEqual(['page.delete', 'page.update', 'page.create']);
        expect(entries.every((e) => e.actorId !== null && e.actorEmail?.includes('@'))).toBe(true);
        expect(entries[1]!.detail).toMatchObject({
          before: { status: 'draft' },
          after: { status: 'published' },
        });
      });
    });

    describe('create', () => {
      it('stores the page with the spec defaults, sanitized HTML and its SEO score', async () => {
        const res = await create({
          title: 'About our team',
          slug: '/about-our-team-' + counter,
          content: `<h2>Who we are</h2>${xss}<p>${longText(200)}</p>`,
          meta_title: 'About the Cutout team: who builds the background remover',
          meta_description: longText(155),
          meta_keywords: 'team, about',
          featured_image: 'https://cdn.example.com/team.png',
          excerpt: 'The people behind Cutout.',
        });
        expect(res.statusCode, res.body).toBe(201);
        const page = res.json<Page>();
        expect(page).toMatchObject({ status: 'draft', template: 'default', author: 'Admin' });
        expect(page.content).not.toContain('onerror');
        expect(page.content).not.toContain('<script');
        expect(page.content).toContain('<h2>Who we are</h2>');
        expect(page.seo_score).toBe(seoScore(page));
        // A good title, description, slug, headings, content and image: above 80 (issue 26).
        expect(page.seo_score).toBeGreaterThan(80);
        expect(page.created_by).toBeTruthy();
        expect(page.last_edited).toMatch(/^\d{4}-\d\d-\d\dT/);
      });

      it('refuses missing fields with the spec message', async () => {
        for (const missing of ['title', 'slug', 'content'] as const) {
          const payload: Partial<PageBody> = body();
          delete payload[missing];
          const res = await create(payload);
          expect(res.statusCode).toBe(400);
          expect(res.json().error.message).toBe(pagesTexts.requiredFields);
        }
        const blank = await create(body({ title: '   ' }));
        expect(blank.json().error.message).toBe(pagesTexts.requiredFields);
        // HTML that is only what the sanitizer removes is no content.
        const onlyScript = await create(body({ content: '<script>alert(1)</script>' }));
        expect(onlyScript.statusCode).toBe(400);
        expect(onlyScript.json().error.message).toBe(pagesTexts.requiredFields);
      });

      it('refuses a badly formed slug with the spec message', async () => {
        for (const slug of ['about', '/about us', '/über', '/a.html', '/a?b', 'https://x.y/z']) {
          const res = await create(body({ slug }));
          expect(res.statusCode, slug).toBe(400);
          expect(res.json().error.message, slug).toBe(pagesTexts.invalidSlug);
          expect(res.json().error.fields.slug).toBe(pagesTexts.invalidSlug);
        }
        for (const slug of ['/a/', '/a//b']) {
          const res = await create(body({ slug }));
          expect(res.json().error.message, slug).toBe(pagesTexts.slugShape);
        }
      });

      it("refuses slugs that would shadow the product's own routes and files", async () => {
        for (const slug of [
          '/',
          '/pricing',
          '/Pricing',
          '/about',
          '/api',
          '/api/pages',
          '/admin',
          '/admin/anything',
          '/admin/pages',
          '/dashboard/settings',
          '/dashboard/new',
          '/blog/new-post',
          '/signin',
          '/sign-up',
          '/reset-password',
          '/users/x',
          '/assets/entry',
          '/health',
          '/metrics',
          '/remove-background',
        ]) {
          const res = await create(body({ slug }));
          expect(res.statusCode, slug).toBe(400);
          expect(res.json().error.message, slug).toBe(pagesTexts.reservedSlug(slug));
        }
        // Near misses are fine.
        for (const slug of ['/pricing-guide', '/administrators', '/apis']) {
          expect((await create(body({ slug: `${slug}-${counter}` }))).statusCode, slug).toBe(201);
        }
      });

      it('keeps slugs unique without regard to case', async () => {
        const first = await created({ slug: `/Unique-${counter}` });
        for (const slug of [first.slug, first.slug.toLowerCase(), first.slug.toUpperCase()]) {
          const res = await create(body({ slug }));
          expect(res.statusCode, slug).toBe(409);
          expect(res.json().error.message).toBe(pagesTexts.slugTaken);
        }
      });

      it('refuses a featured image that is not an http(s) address or a site path', async () => {
        for (const featured_image of [
          'javascript:alert(1)',
          '//evil.example/x.png',
          'data:image/png;base64,AA',
        ]) {
          const res = await create(body({ featured_image }));
          expect(res.statusCode, featured_image).toBe(400);
          expect(res.json().error.message).toBe(pagesTexts.featuredImageUrl);
        }
      });
    });

    describe('update and delete', () => {
      it('replaces the fields, recomputes the score and moves last_edited', async () => {
        const page = await created();
        // The update is stamped after the clock has moved past the creation (milliseconds).
        await vi.waitFor(() => expect(new Date().toISOString() > page.last_edited).toBe(true));
        const res = await t().inject({
          method: 'PUT',
          url: pagesApiPaths.page(page.id),
          headers: { cookie: admin },
          payload: body({
            slug: page.slug,
            title: 'Renamed',
            excerpt: 'Now with an excerpt',
            author: '  ',
          }),
        });
        expect(res.statusCode, res.body).toBe(200);
        const updated = res.json<Page>();
        expect(updated).toMatchObject({ id: page.id, title: 'Renamed', author: 'Admin' });
        expect(updated.seo_score).toBe(page.seo_score + 10);
        expect(updated.last_edited > page.last_edited).toBe(true);
        expect(updated.created_at).toBe(page.created_at);
      });

      it("refuses another page's slug, and answers 404 for an unknown page", async () => {
        const a = await created();
        const b = await created();
        const taken = await t().inject({
          method: 'PUT',
          url: pagesApiPaths.page(b.id),
          headers: { cookie: admin },
          payload: body({ slug: a.slug.toUpperCase() }),
        });
        expect(taken.statusCode).toBe(409);
        expect(taken.json().error.message).toBe(pagesTexts.slugTaken);
        const missing = await t().inject({
          method: 'PUT',
          url: pagesApiPaths.page('no-such-page'),
          headers: { cookie: admin },
          payload: body(),
        });
        expect(missing.statusCode).toBe(404);
      });

      it('deletes for good', async () => {
        const page = await created();
        const del = await t().inject({
          method: 'DELETE',
          url: pagesApiPaths.page(page.id),
          headers: { cookie: admin },
        });
        expect(del.statusCode).toBe(204);
        const again = await t().inject({
          method: 'DELETE',
          url: pagesApiPaths.page(page.id),
          headers: { cookie: admin },
        });
        expect(again.statusCode).toBe(404);
        const read = await t().inject({
          url: pagesApiPaths.page(page.id),
          headers: { cookie: admin },
        });
        expect(read.statusCode).toBe(404);
        // The slug is free again.
        expect((await create(body({ slug: page.slug }))).statusCode).toBe(201);
      });
    });

    describe('list and stats', () => {
      const tag = `list${Math.random().toString(36).slice(2, 8)}`;
      beforeAll(async () => {
        for (let i = 0; i < 25; i += 1) {
          const res = await create(
            body({
              title: `${tag} ${String(i).padStart(2, '0')}`,
              slug: `/${tag}-${i}`,
              status: i < 12 ? 'published' : i < 20 ? 'draft' : 'archived',
              template: i % 5 === 0 ? 'landing' : 'default',
            }),
          );
          expect(res.statusCode).toBe(201);
        }
      });
      const list = (query: string) =>
        t().inject({ url: `${pagesApiPaths.list}?${query}`, headers: { cookie: admin } });

      it('pages through the results 10 at a time, most recently edited first', async () => {
        const first = await list(`search=${tag}`);
        expect(first.statusCode).toBe(200);
        const one = first.json<{ pages: Page[]; total: number }>();
        expect(one.total).toBe(25);
        expect(one.pages).toHaveLength(10);
        expect(one.pages[0]?.title).toBe(`${tag} 24`);
        expect(one.pages[0]).not.toHaveProperty('content');
        expect(one.pages[0]).toHaveProperty('content_length');
        const third = (await list(`search=${tag}&page=3`)).json<{ pages: Page[]; total: number }>();
        expect(third.pages.map((p) => p.title)).toEqual([
          `${tag} 04`,
          `${tag} 03`,
          `${tag} 02`,
          `${tag} 01`,
          `${tag} 00`,
        ]);
        expect((await list(`search=${tag}&page=4`)).json().pages).toEqual([]);
        expect((await list(`search=${tag}&per_page=25`)).json().pages).toHaveLength(25);
      });

      it('filters by status, template and search (title or slug, any case, literally)', async () => {
        expect((await list(`search=${tag}&status=published`)).json().total).toBe(12);
        expect((await list(`search=${tag}&status=archived`)).json().total).toBe(5);
        expect((await list(`search=${tag}&template=landing`)).json().total).toBe(5);
        expect((await list(`search=${tag}&template=landing&status=draft`)).json().total).toBe(1);
        expect((await list(`search=${tag.toUpperCase()} 1`)).json().total).toBe(10);
        expect((await list(`search=/${tag}-2`)).json().total).toBe(6);
        expect((await list(`search=${tag}%25`)).json().total).toBe(0);
        expect((await list(`search=${tag}_`)).json().total).toBe(0);
      });

      it('refuses bad list parameters', async () => {
        for (const query of ['page=0', 'per_page=101', 'status=live', 'template=wiki', 'page=x']) {
          expect((await list(query)).statusCode, query).toBe(400);
        }
      });

      it('counts pages by status', async () => {
        const stats = (
          await t().inject({ url: pagesApiPaths.stats, headers: { cookie: admin } })
        ).json();
        const all = (await list('per_page=1')).json().total;
        expect(stats.total).toBe(all);
        expect(stats.published + stats.draft + stats.archived).toBe(all);
        expect(stats.published).toBeGreaterThanOrEqual(12);
        expect(stats.archived).toBeGreaterThanOrEqual(5);
      });
    });

    describe('reading by slug', () => {
      it('gives published pages to everyone and drafts only to an admin asking for a preview', async () => {
        const published = await created({ status: 'published', slug: `/Guides/Start-${counter}` });
        const draft = await created({ status: 'draft' });
        const archived = await created({ status: 'archived' });

        const open = await t().inject({ url: pagesApiPaths.bySlug(published.slug) });
        expect(open.statusCode).toBe(200);
        expect(open.json()).toMatchObject({ id: published.id, slug: published.slug });
        expect(open.json()).not.toHaveProperty('created_by');
        expect(open.headers['cache-control']).toBe('no-cache');
        // Any case, as the web app's router matches.
        expect(
          (await t().inject({ url: pagesApiPaths.bySlug(published.slug.toLowerCase()) }))
            .statusCode,
        ).toBe(200);

        for (const page of [draft, archived]) {
          for (const cookie of [undefined, user.cookie, admin]) {
            const res = await t().inject({
              url: pagesApiPaths.bySlug(page.slug),
              headers: cookie ? { cookie } : {},
            });
            expect(res.statusCode).toBe(404);
          }
          const anonymousPreview = await t().inject({
            url: `${pagesApiPaths.bySlug(page.slug)}?preview=true`,
          });
          expect(anonymousPreview.statusCode).toBe(404);
          const userPreview = await t().inject({
            url: `${pagesApiPaths.bySlug(page.slug)}?preview=true`,
            headers: { cookie: user.cookie },
          });
          expect(userPreview.statusCode).toBe(404);
          const adminPreview = await t().inject({
            url: `${pagesApiPaths.bySlug(page.slug)}?preview=true`,
            headers: { cookie: admin },
          });
          expect(adminPreview.statusCode).toBe(200);
          expect(adminPreview.json().status).toBe(page.status);
        }
        expect((await t().inject({ url: pagesApiPaths.bySlug('/no-such-page') })).statusCode).toBe(
          404,
        );
      });

      it('sanitizes again on render, whatever the row holds', async () => {
        const page = await created({ status: 'published' });
        await get()
          .app.database.db.updateTable('pages')
          .set({ content: `<p>written by hand</p>${xss}`, featured_image: 'javascript:alert(1)' })
          .where('id', '=', page.id)
          .execute();
        const res = await t().inject({ url: pagesApiPaths.bySlug(page.slug) });
        expect(res.json().content).toBe('<p>written by hand</p><img src="x" />');
        expect(res.json().featured_image).toBe('');
        const doc = await html(page.slug);
        expect(doc.body).toContain('<p>written by hand</p><img src="x" />');
        expect(doc.body).not.toContain('__xss');
        expect(doc.body).not.toContain('javascript:');
      });
    });

    it('lists published pages in the sitemap, and robots.txt points to it', async () => {
      const published = await created({ status: 'published' });
      const draft = await created({ status: 'draft' });
      const res = await t().inject({ url: '/sitemap.xml' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/application\/xml/);
      expect(res.body).toContain(`<loc>${get().config.publicUrl}${published.slug}</loc>`);
      expect(res.body).not.toContain(draft.slug);
      expect(res.body).toContain(`<loc>${get().config.publicUrl}/pricing</loc>`);
      expect(res.body).not.toContain('/signin<');
      const robots = await t().inject({ url: '/robots.txt' });
      expect(robots.body).toContain(`Sitemap: ${get().config.publicUrl}/sitemap.xml`);
    });

    describe('the HTML documents crawlers read', () => {
      it('sends a published page with its meta, canonical, social tags and content (status 200)', async () => {
        const page = await created({
          status: 'published',
          template: 'landing',
          title: 'Spring <sale> & more',
          content: `<h2>Deals</h2>${xss}<p>Save on every pack.</p>`,
          excerpt: 'All packs, "half" price.',
          meta_title: 'Spring sale: every credit pack at half price this week only',
          meta_description: 'Every credit pack is half price until Sunday.',
          meta_keywords: 'sale, credits',
          featured_image: 'https://cdn.example.com/spring.png',
        });
        const res = await html(page.slug);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/text\/html/);
        expect(res.headers['cache-control']).toBe('no-cache');
        const doc = res.body;
        const base = get().config.publicUrl;
        expect(doc).toContain(
          '<title>Spring sale: every credit pack at half price this week only</title>',
        );
        expect(doc.match(/<title>/g)).toHaveLength(1);
        expect(doc).toContain(
          '<meta data-server-page="" name="description" content="Every credit pack is half price until Sunday.">',
        );
        expect(doc).not.toContain('AI background removal');
        expect(doc).toContain('name="keywords" content="sale, credits"');
        expect(doc).toContain(
          `<link data-server-page="" rel="canonical" href="${base}${page.slug}">`,
        );
        expect(doc).toContain(
          'property="og:title" content="Spring sale: every credit pack at half price this week only"',
        );
        expect(doc).toContain(
          'property="og:description" content="Every credit pack is half price until Sunday."',
        );
        expect(doc).toContain('property="og:image" content="https://cdn.example.com/spring.png"');
        expect(doc).toContain(`property="og:url" content="${base}${page.slug}"`);
        expect(doc).toContain('name="twitter:card" content="summary_large_image"');
        expect(doc).toContain('name="twitter:title"');
        expect(doc).toContain('name="twitter:description"');
        expect(doc).toContain('name="twitter:image" content="https://cdn.example.com/spring.png"');
        // The content, escaped where it is text and sanitized where it is HTML.
        expect(doc).toContain('<h1>Spring &lt;sale&gt; &amp; more</h1>');
        expect(doc).toContain('<p>All packs, &quot;half&quot; price.</p>');
        expect(doc).toContain('<h2>Deals</h2><img src="x" /><p>Save on every pack.</p>');
        expect(doc).not.toContain('__xss');
        // The app's own scripts are still there, so the app starts as usual.
        expect(doc).toContain('<script>window.__ctx={}</script>');
        expect(res.headers['content-security-policy']).toContain("'sha256-");
        // The featured image and content images come from the addresses authors give.
        expect(res.headers['content-security-policy']).toMatch(/img-src [^;]*https:/);
      });

      it('answers a draft, an archived page and an unknown address with a real 404', async () => {
        const draft = await created({ status: 'draft' });
        const archived = await created({ status: 'archived' });
        for (const url of [
          draft.slug,
          archived.slug,
          '/no-such-page',
          '/blog/no-such-post',
          '/a/b/c',
        ]) {
          const res = await html(url);
          expect(res.statusCode, url).toBe(404);
          expect(res.headers['content-type']).toMatch(/text\/html/);
          expect(res.headers['x-robots-tag']).toBe('noindex');
          expect(res.body).toContain(`<title>${appTexts.notFound.title} | Cutout</title>`);
          expect(res.body).toContain(`<h1>${appTexts.notFound.title}</h1>`);
          expect(res.body).toContain(`<a href="/">${appTexts.notFound.action}</a>`);
          expect(res.body).toContain('name="robots" content="noindex"');
          expect(res.body).not.toContain(draft.title);
        }
      });

      it('shows an admin a draft with ?preview=true, marked noindex; nobody else', async () => {
        const draft = await created({ status: 'draft', title: 'Secret launch' });
        expect((await html(`${draft.slug}?preview=true`)).statusCode).toBe(404);
        expect((await html(`${draft.slug}?preview=true`, user.cookie)).statusCode).toBe(404);
        const res = await html(`${draft.slug}?preview=true`, admin);
        expect(res.statusCode).toBe(200);
        expect(res.body).toContain('<h1>Secret launch</h1>');
        expect(res.body).toContain('name="robots" content="noindex"');
        expect(res.headers['x-robots-tag']).toBe('noindex');
      });

      it('shows an edit at once, and a page unpublished is 404 at once', async () => {
        const page = await created({ status: 'published', title: 'Before' });
        expect((await html(page.slug)).body).toContain('<h1>Before</h1>');
        const put = (status: 'published' | 'draft', title: string) =>
          t().inject({
            method: 'PUT',
            url: pagesApiPaths.page(page.id),
            headers: { cookie: admin },
            payload: body({ slug: page.slug, status, title }),
          });
        expect((await put('published', 'After')).statusCode).toBe(200);
        expect((await html(page.slug)).body).toContain('<h1>After</h1>');
        expect((await put('draft', 'After')).statusCode).toBe(200);
        expect((await html(page.slug)).statusCode).toBe(404);
      });

      it("keeps the app's own routes and prerendered pages as they were", async () => {
        for (const url of [
          '/dashboard',
          '/admin/pages',
          '/admin/page-management',
          '/reset-password?token=x',
          '/Dashboard/',
          '/api',
        ]) {
          const res = await html(url);
          expect(res.statusCode, url).toBe(200);
          expect(res.body, url).toContain('<div role="status">Loading...</div>');
          expect(res.body, url).not.toContain('data-server-page');
        }
        const pricing = await html('/pricing');
        expect(pricing.statusCode).toBe(200);
        expect(pricing.body).toContain('Pricing');
        // Files and the API keep their JSON 404.
        expect((await html('/favicon.ico')).json().error.code).toBe('not_found');
        expect((await html('/api/nothing')).json().error.code).toBe('not_found');
      });

      it('compresses documents and answers HEAD like GET', async () => {
        const page = await created({ status: 'published' });
        const res = await t().inject({
          url: page.slug,
          headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('gzip');
        const head = await t().inject({
          method: 'HEAD',
          url: '/no-such-page',
          headers: { accept: 'text/html' },
        });
        expect(head.statusCode).toBe(404);
      });
    });
  },
  { webApp: loadWebApp(build.dir) ?? null },
);

describe('pages on a fresh app', () => {
  let t: TestApp | undefined;
  afterAll(async () => t?.close());
  it('the sitemap lists the public pages when there are no content pages', async () => {
    const { createTestApp } = await import('../../test/test-app.js');
    t = await createTestApp();
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`<loc>${t.config.publicUrl}/</loc>`);
    expect(res.body).toContain(`<loc>${t.config.publicUrl}/about</loc>`);
  });
});
