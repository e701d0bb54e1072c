import {
  appTexts,
  pagesApiPaths,
  pagesTexts,
  paths,
  seoScore,
  type Page as CmsPage,
  type PageBody,
} from '@cutout/contracts';
import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { e2eAdmin } from './admin-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Issue 15 end to end: the admin's pages CMS and the content pages it publishes, against the
// real server. A draft or unknown address answers 404 (Chromium logs those), hence
// allowHttpErrors; any other console error still fails a test.
test.use({ allowHttpErrors: true });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs the context in as the seeded admin through the API (its cookie jar is the browser's). */
async function signInAsAdmin(request: APIRequestContext): Promise<void> {
  const res = await request.post('/api/auth/sign-in', {
    data: { email: e2eAdmin.email, password: e2eAdmin.password, rememberMe: false },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function createThroughApi(request: APIRequestContext, body: PageBody): Promise<CmsPage> {
  const res = await request.post(pagesApiPaths.list, { data: body });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as CmsPage;
}

/** A visitor with no session, whose page errors fail the test like the fixture's page's do. */
async function anonymousPage(browserContext: BrowserContext): Promise<Page> {
  const context = await browserContext.browser()!.newContext();
  const visitor = await context.newPage();
  visitor.on('pageerror', (error) => {
    throw error;
  });
  return visitor;
}

const pageTable = (page: Page) => page.getByRole('table');
const row = (page: Page, title: string) =>
  pageTable(page).getByRole('row').filter({ hasText: title });

test('an admin creates a landing page, previews it, publishes it, and unpublishes it', async ({
  page,
  context,
}) => {
  // One long story on a shared two-core machine.
  test.setTimeout(120_000);
  const id = unique();
  const title = `Spring launch ${id}`;
  const body = `<h2>What is new</h2><img src=x onerror="window.__xss=1"><script>window.__xss=2</script><p>${'Cleaner cutouts for every product photo. '.repeat(10)}</p>`;
  const values = {
    meta_title: 'Spring launch: cleaner cutouts for every product photo',
    meta_description:
      `${'Refined edges, white and transparent backgrounds in seconds. '.repeat(3)}`.slice(0, 155),
    meta_keywords: 'background removal, launch',
    featured_image: '/favicon.svg',
    excerpt: 'Everything new in Cutout this spring.',
  };

  await signInAsAdmin(page.request);
  await page.goto(paths.adminPages);
  await expect(page.getByRole('heading', { level: 1, name: pagesTexts.title })).toBeVisible();

  // Add New Page: the Content tab, with the slug generated from the title.
  await page.getByRole('button', { name: pagesTexts.addPage }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: pagesTexts.addTitle })).toBeVisible();
  // Required fields first, with the spec's message.
  await dialog.getByRole('button', { name: pagesTexts.create }).click();
  await expect(dialog.getByText(pagesTexts.requiredFields)).toHaveCount(3);
  await dialog.getByLabel(pagesTexts.fields.title, { exact: true }).fill(title);
  await dialog.getByRole('button', { name: pagesTexts.fields.generate }).click();
  const slug = `/spring-launch-${id}`;
  await expect(dialog.getByLabel(pagesTexts.fields.slug, { exact: true })).toHaveValue(slug);
  await dialog.getByLabel(pagesTexts.fields.content).fill(body);
  await dialog.getByLabel(pagesTexts.fields.excerpt).fill(values.excerpt);

  await dialog.getByRole('tab', { name: pagesTexts.tabs.seo }).click();
  await dialog.getByLabel(pagesTexts.fields.metaTitle).fill(values.meta_title);
  await dialog.getByLabel(pagesTexts.fields.metaDescription).fill(values.meta_description);
  await dialog.getByLabel(pagesTexts.fields.metaKeywords).fill(values.meta_keywords);
  await dialog.getByLabel(pagesTexts.fields.featuredImage).fill(values.featured_image);

  await dialog.getByRole('tab', { name: pagesTexts.tabs.settings }).click();
  await dialog.getByLabel(pagesTexts.fields.template).selectOption('landing');
  await expect(dialog.getByLabel(pagesTexts.fields.status)).toHaveValue('draft');
  await expect(dialog.getByLabel(pagesTexts.fields.author)).toHaveValue('Admin');

  // The Preview tab's score is the §5 formula on what was typed.
  await dialog.getByRole('tab', { name: pagesTexts.tabs.preview }).click();
  const typedScore = seoScore({ ...values, slug, content: body });
  expect(typedScore).toBeGreaterThan(80);
  await expect(dialog.getByTestId('preview-seo-score')).toHaveText(`${typedScore}/100`);
  await expect(dialog.getByTestId('preview-content-length')).toHaveText(
    pagesTexts.hints.characters(body.length),
  );
  await lookAt(page, { path: '.artifacts/pages-dialog-preview.png' });

  await dialog.getByRole('button', { name: pagesTexts.create }).click();
  await expect(page.getByText(pagesTexts.created)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The table: the stored score is the formula on the stored (sanitized) HTML, coloured green.
  const stored = (await (
    await page.request.get(`${pagesApiPaths.list}?search=${encodeURIComponent(title)}`)
  ).json()) as { pages: CmsPage[] };
  const created = stored.pages[0]!;
  const full = (await (await page.request.get(pagesApiPaths.page(created.id))).json()) as CmsPage;
  expect(full.content).not.toContain('onerror');
  expect(full.content).not.toContain('<script');
  expect(created.seo_score).toBe(seoScore(full));
  const createdRow = row(page, title);
  await expect(createdRow).toContainText(slug);
  await expect(createdRow).toContainText('Draft');
  await expect(createdRow).toContainText('Landing');
  const scoreCell = createdRow.locator('[data-colour]');
  await expect(scoreCell).toHaveText(String(created.seo_score));
  await expect(scoreCell).toHaveAttribute(
    'data-colour',
    created.seo_score >= 80 ? 'green' : 'yellow',
  );
  await expect(
    createdRow.getByRole('button', { name: `${pagesTexts.actions.viewLive} ${title}` }),
  ).toBeDisabled();
  await lookAt(page, { path: '.artifacts/pages-admin.png', fullPage: true });

  // Preview: the admin sees the draft as it will look; anonymous visitors get 404.
  const previewLink = createdRow.getByRole('link', {
    name: `${pagesTexts.actions.preview} ${title}`,
  });
  await expect(previewLink).toHaveAttribute('href', `${slug}?preview=true`);
  const [preview] = await Promise.all([context.waitForEvent('page'), previewLink.click()]);
  await preview.waitForLoadState();
  await expect(preview.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(preview.getByRole('note')).toContainText('draft');
  await expect(preview.getByTestId('page-content')).toContainText('What is new');
  expect(await preview.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await preview.close();

  const visitor = await anonymousPage(context);
  const draftResponse = await visitor.goto(slug);
  expect(draftResponse?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: appTexts.notFound.title })).toBeVisible({
    timeout: 15_000,
  });
  expect((await visitor.request.get(`${slug}?preview=true`)).status()).toBe(404);

  // Publish through the Edit dialog.
  await createdRow.getByRole('button', { name: `${pagesTexts.actions.edit} ${title}` }).click();
  await expect(dialog.getByRole('heading', { name: pagesTexts.editTitle })).toBeVisible();
  await expect(dialog.getByLabel(pagesTexts.fields.title, { exact: true })).toHaveValue(title);
  await dialog.getByRole('tab', { name: pagesTexts.tabs.settings }).click();
  await dialog.getByLabel(pagesTexts.fields.status).selectOption('published');
  await dialog.getByRole('button', { name: pagesTexts.save }).click();
  await expect(page.getByText(pagesTexts.updated).last()).toBeVisible();
  await expect(createdRow).toContainText('Published');

  // View Live opens the published page; an anonymous visitor sees it, the vector inert.
  const liveLink = createdRow.getByRole('link', {
    name: `${pagesTexts.actions.viewLive} ${title}`,
  });
  await expect(liveLink).toHaveAttribute('href', slug);
  const liveResponse = await visitor.goto(slug);
  expect(liveResponse?.status()).toBe(200);
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible({
    timeout: 15_000,
  });
  await expect(visitor.getByText(values.excerpt)).toBeVisible();
  await expect(visitor.getByTestId('page-content')).toContainText(
    'Cleaner cutouts for every product photo.',
  );
  await expect(visitor.locator('[data-template="landing"] img').first()).toHaveAttribute(
    'src',
    values.featured_image,
  );
  await expect(visitor).toHaveTitle(values.meta_title);
  await expect(visitor.locator('meta[name="description"]').last()).toHaveAttribute(
    'content',
    values.meta_description,
  );
  // The server's crawler copy is gone once the app has rendered the page.
  await expect(visitor.locator('[data-server-page]')).toHaveCount(0);
  const contentImages = visitor.getByTestId('page-content').locator('img');
  await expect(contentImages).toHaveCount(1);
  expect(await contentImages.first().getAttribute('onerror')).toBeNull();
  // The image (src=x) has failed to load by now, so an error handler would have run.
  await contentImages.first().evaluate((img: HTMLImageElement) =>
    img.complete
      ? undefined
      : new Promise((resolve) => {
          img.addEventListener('load', resolve, { once: true });
          img.addEventListener('error', resolve, { once: true });
        }),
  );
  expect(await visitor.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
  await lookAt(visitor, { path: '.artifacts/pages-live-landing.png', fullPage: true });

  // Unpublish: the visitor's next visit is the 404 screen, with its way home.
  await createdRow.getByRole('button', { name: `${pagesTexts.actions.edit} ${title}` }).click();
  await dialog.getByRole('tab', { name: pagesTexts.tabs.settings }).click();
  await dialog.getByLabel(pagesTexts.fields.status).selectOption('archived');
  await dialog.getByRole('button', { name: pagesTexts.save }).click();
  await expect(page.getByText(pagesTexts.updated).last()).toBeVisible();
  // The publish step's toast, with the same words, can still be on screen: the row says when
  // this save has landed.
  await expect(createdRow).toContainText('Archived');
  const goneResponse = await visitor.reload();
  expect(goneResponse?.status()).toBe(404);
  await expect(visitor.getByRole('heading', { name: appTexts.notFound.title })).toBeVisible({
    timeout: 15_000,
  });
  await expect(visitor.getByText(appTexts.notFound.message)).toBeVisible();
  await visitor.getByRole('link', { name: appTexts.notFound.action }).click();
  await expect(visitor).toHaveURL((url) => url.pathname === paths.home);
  await visitor.context().close();

  // Delete asks first, then the page is gone.
  await createdRow.getByRole('button', { name: `${pagesTexts.actions.delete} ${title}` }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('heading', { name: pagesTexts.deleteTitle })).toBeVisible();
  await expect(confirm).toContainText('permanently');
  await confirm.getByRole('button', { name: pagesTexts.actions.delete }).click();
  await expect(page.getByText(pagesTexts.deleted)).toBeVisible();
  await expect(createdRow).toHaveCount(0);
});

test('25 pages paginate 10 at a time, and every filter change goes back to page 1', async ({
  page,
}) => {
  const tag = `batch${unique()}`;
  await signInAsAdmin(page.request);
  for (let i = 0; i < 25; i += 1) {
    await createThroughApi(page.request, {
      title: `${tag} page ${String(i).padStart(2, '0')}`,
      slug: `/${tag}-${i}`,
      content: `<p>Page ${i}</p>`,
      status: i % 2 === 0 ? 'published' : 'draft',
      template: i < 5 ? 'blog' : 'default',
    });
  }
  await page.goto(paths.adminPageManagement);
  await page.getByRole('searchbox', { name: pagesTexts.searchLabel }).fill(tag);
  const showing = page.getByTestId('pages-showing');
  const pageOf = page.getByTestId('pages-page-of');
  const next = page.getByRole('button', { name: pagesTexts.next });
  const previous = page.getByRole('button', { name: pagesTexts.previous });

  await expect(showing).toHaveText(pagesTexts.showing(1, 10, 25));
  await expect(pageOf).toHaveText(pagesTexts.pageOf(1, 3));
  await expect(pageTable(page).getByRole('row')).toHaveCount(11);
  await expect(previous).toBeDisabled();
  await next.click();
  await expect(showing).toHaveText(pagesTexts.showing(11, 20, 25));
  await expect(pageOf).toHaveText(pagesTexts.pageOf(2, 3));
  await next.click();
  await expect(showing).toHaveText(pagesTexts.showing(21, 25, 25));
  await expect(pageOf).toHaveText(pagesTexts.pageOf(3, 3));
  await expect(next).toBeDisabled();
  await expect(pageTable(page).getByRole('row')).toHaveCount(6);

  // Status filter: back to page 1 of the 13 published.
  await page.getByLabel(pagesTexts.statusFilter).selectOption('published');
  await expect(showing).toHaveText(pagesTexts.showing(1, 10, 13));
  await expect(pageOf).toHaveText(pagesTexts.pageOf(1, 2));
  await next.click();
  await expect(pageOf).toHaveText(pagesTexts.pageOf(2, 2));
  // Template filter: page 1 again (3 published blog pages: 0, 2, 4); one page, no 'Page X of Y'.
  await page.getByLabel(pagesTexts.templateFilter).selectOption('blog');
  await expect(showing).toHaveText(pagesTexts.showing(1, 3, 3));
  await expect(pageOf).toHaveCount(0);
  // Search: page 1 again.
  await page.getByLabel(pagesTexts.templateFilter).selectOption('');
  await next.click();
  await expect(pageOf).toHaveText(pagesTexts.pageOf(2, 2));
  await page.getByRole('searchbox', { name: pagesTexts.searchLabel }).fill(`${tag} page 1`);
  await expect(showing).toHaveText(pagesTexts.showing(1, 5, 5));
  await expect(pageOf).toHaveCount(0);

  // The stat cards count every page.
  const stats = (await (await page.request.get(pagesApiPaths.stats)).json()) as { total: number };
  await expect(page.getByTestId(`stat-${pagesTexts.stats.total}`)).toHaveText(String(stats.total));
});

test('crawlers get the meta and Open Graph tags in the HTML: 200 when published, 404 as a draft', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signInAsAdmin(page.request);
  const id = unique();
  const published = await createThroughApi(page.request, {
    title: `Crawler guide ${id}`,
    slug: `/crawler-guide-${id}`,
    content: '<h2>For robots</h2><p>Readable without scripts.</p>',
    status: 'published',
    template: 'blog',
    excerpt: 'A page crawlers can read.',
    meta_title: `Crawler guide ${id}: readable without scripts`,
    meta_description: 'Title, description, keywords and social tags in the HTML.',
    meta_keywords: 'seo, crawlers',
    featured_image: '/favicon.svg',
  });
  const draft = await createThroughApi(page.request, {
    title: `Crawler draft ${id}`,
    slug: `/crawler-draft-${id}`,
    content: '<p>Not yet.</p>',
  });

  // A plain HTTP client: no browser, no scripts, no cookies.
  const crawler = await playwright.request.newContext({ baseURL });
  const res = await crawler.get(published.slug, { headers: { accept: 'text/html' } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  const origin = new URL(baseURL!).origin;
  expect(html).toContain(`<title>Crawler guide ${id}: readable without scripts</title>`);
  expect(html).toMatch(
    /<meta [^>]*name="description" content="Title, description, keywords and social tags in the HTML.">/,
  );
  expect(html).toMatch(/<meta [^>]*name="keywords" content="seo, crawlers">/);
  expect(html).toMatch(/<link [^>]*rel="canonical" href="[^"]+\/crawler-guide-/);
  expect(html).toMatch(
    new RegExp(`property="og:title" content="Crawler guide ${id}: readable without scripts"`),
  );
  expect(html).toContain(
    'property="og:description" content="Title, description, keywords and social tags in the HTML."',
  );
  expect(html).toMatch(/property="og:image" content="http[^"]+\/favicon\.svg"/);
  expect(html).toMatch(/property="og:url" content="http[^"]+\/crawler-guide-/);
  expect(html).toContain('property="og:type" content="article"');
  expect(html).toContain('name="twitter:card" content="summary_large_image"');
  expect(html).toContain(
    `name="twitter:title" content="Crawler guide ${id}: readable without scripts"`,
  );
  expect(html).toContain('name="twitter:description"');
  expect(html).toContain('name="twitter:image"');
  expect(html).toContain('<h2>For robots</h2><p>Readable without scripts.</p>');
  expect(origin).toMatch(/^http/);

  const draftRes = await crawler.get(draft.slug, { headers: { accept: 'text/html' } });
  expect(draftRes.status()).toBe(404);
  expect(await draftRes.text()).not.toContain('Not yet.');
  expect(
    (await crawler.get(`/no-such-page-${id}`, { headers: { accept: 'text/html' } })).status(),
  ).toBe(404);
  // The app's own routes are untouched.
  expect((await crawler.get(paths.dashboard, { headers: { accept: 'text/html' } })).status()).toBe(
    200,
  );

  const sitemap = await (await crawler.get('/sitemap.xml')).text();
  expect(sitemap).toContain(`${published.slug}</loc>`);
  expect(sitemap).not.toContain(draft.slug);
  await crawler.dispose();
});
