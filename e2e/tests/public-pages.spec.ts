import {
  aboutTexts,
  documentationPlanStatement,
  documentationTexts,
  featuresTexts,
  homeMarketingTexts,
  legalTexts,
  pageTexts,
  paths,
  publicApiPaths,
  retentionStatements,
  tutorialsTexts,
} from '@cutout/contracts';
import type { Page } from '@playwright/test';
import { expect, tagPattern, test } from './fixtures.js';

// The public content pages (spec §2 Home, Features, About, Tutorials, Documentation, Legal).

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

test('home: hero, Why cards, comparison, editor in the spec order, and a welcome toast', async ({
  page,
}) => {
  await page.goto(paths.home);
  await expect(h1(page)).toHaveText(pageTexts.home.title);

  const why = page.getByRole('region', { name: homeMarketingTexts.whyHeading });
  for (const card of Object.values(homeMarketingTexts.why)) {
    await expect(why.getByRole('heading', { level: 3, name: card })).toBeVisible();
  }
  const comparison = page.getByRole('region', { name: homeMarketingTexts.comparisonHeading });
  for (const approach of Object.values(homeMarketingTexts.comparison)) {
    await expect(comparison.getByRole('heading', { level: 3, name: approach })).toBeVisible();
  }

  // hero, Why, comparison, editor: in that order on the page.
  const top = async (selector: string) =>
    page.locator(selector).evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
  const whyTop = await top('#why-heading');
  const comparisonTop = await top('#comparison-heading');
  const editorTop = await top('#editor');
  expect(await top('h1')).toBeLessThan(whyTop);
  expect(whyTop).toBeLessThan(comparisonTop);
  expect(comparisonTop).toBeLessThan(editorTop);

  // The welcome toast appears on load and leaves after its 3 s (spec §9).
  const welcome = toasts(page).filter({ hasText: homeMarketingTexts.welcomeTitle });
  await expect(welcome).toBeVisible();
  await expect(welcome).toContainText(homeMarketingTexts.welcomeDescription);
  await expect(welcome).toHaveCount(0, { timeout: 8000 });
});

test('features: six cards, the AI segmentation section and Try for Free to /', async ({ page }) => {
  await page.goto(paths.features);
  await expect(h1(page)).toHaveText(pageTexts.features.title);
  for (const card of Object.values(featuresTexts.cards)) {
    await expect(page.getByRole('heading', { level: 3, name: card, exact: true })).toBeVisible();
  }
  const segmentation = page.getByRole('region', { name: featuresTexts.segmentationHeading });
  await expect(segmentation).toContainText('ISNet');
  await expect(segmentation).toContainText('1024×1024');
  await expect(segmentation).toContainText('guided filter');

  const tryForFree = page.getByRole('link', { name: featuresTexts.tryForFree });
  await expect(tryForFree).toHaveAttribute('href', paths.home);
  await tryForFree.click();
  await expect(page).toHaveURL((url) => url.pathname === paths.home);
  await expect(h1(page)).toHaveText(pageTexts.home.title);
});

test('about: story, mission, founded 2023, 5 countries, three values, contact link', async ({
  page,
}) => {
  await page.goto(paths.about);
  await expect(h1(page)).toHaveText(pageTexts.about.title);
  for (const heading of [aboutTexts.storyHeading, aboutTexts.missionHeading]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByText(String(aboutTexts.foundedYear), { exact: true })).toBeVisible();
  await expect(page.getByText(aboutTexts.teamValue(5), { exact: true })).toBeVisible();
  for (const value of Object.values(aboutTexts.values)) {
    await expect(page.getByRole('heading', { level: 3, name: value })).toBeVisible();
  }
  await page.getByRole('link', { name: aboutTexts.contactLink }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.contact);
});

test('tutorials: four tabs, cards with duration and level, Start Tutorial opens the steps', async ({
  page,
}) => {
  await page.goto(paths.tutorials);
  await expect(h1(page)).toHaveText(pageTexts.tutorials.title);
  const tablist = page.getByRole('tablist', { name: tutorialsTexts.tabsLabel });
  await expect(tablist.getByRole('tab')).toHaveText(Object.values(tutorialsTexts.tabs));

  for (const label of Object.values(tutorialsTexts.tabs)) {
    await tablist.getByRole('tab', { name: label }).click();
    await expect(tablist.getByRole('tab', { name: label })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const panel = page.getByRole('tabpanel');
    const cards = panel.getByRole('article');
    expect(await cards.count()).toBeGreaterThan(0);
    for (const card of await cards.all()) {
      const minutes = Number((await card.locator('time').textContent())?.split(' ')[0]);
      expect(minutes).toBeGreaterThanOrEqual(tutorialsTexts.minMinutes);
      expect(minutes).toBeLessThanOrEqual(tutorialsTexts.maxMinutes);
      await expect(card.getByText(/^(Level: )?(Beginner|Intermediate|Advanced)$/)).toBeVisible();
      await expect(card.getByRole('button', { name: tutorialsTexts.startTutorial })).toBeVisible();
    }
  }

  // API Tutorials is still selected: its first tutorial opens with real steps and code.
  const first = page.getByRole('tabpanel').getByRole('article').first();
  const title = (await first.getByRole('heading', { level: 3 }).textContent()) ?? '';
  await first.getByRole('button', { name: tutorialsTexts.startTutorial }).click();
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  expect(await dialog.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);
  await expect(dialog.locator('pre').first()).toBeVisible();
  // Code samples name this site, not a placeholder.
  await expect(dialog).toContainText(
    `${new URL(page.url()).origin}${publicApiPaths.removeBackground}`,
  );
  await dialog.getByRole('button', { name: tutorialsTexts.close }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('link', { name: tutorialsTexts.documentationLink }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.documentation);
});

test('documentation: four tabs, API reference, FAQ statements, links and Contact Support', async ({
  page,
}) => {
  await page.goto(paths.documentation);
  await expect(h1(page)).toHaveText(pageTexts.documentation.title);
  const tablist = page.getByRole('tablist', { name: documentationTexts.tabsLabel });
  await expect(tablist.getByRole('tab')).toHaveText(Object.values(documentationTexts.tabs));
  const tab = (name: string) => tablist.getByRole('tab', { name });
  const panel = page.getByRole('tabpanel');

  // Getting Started links to the editor, sign-up and the tutorials.
  for (const href of [paths.editor, paths.signUpAlias, paths.tutorials]) {
    await expect(panel.locator(`a[href="${href}"]`)).toBeVisible();
  }

  await tab(documentationTexts.tabs.apiReference).click();
  await expect(panel).toContainText(`POST${publicApiPaths.removeBackground}`);
  await expect(panel).toContainText(`GET${publicApiPaths.usage}`);
  await expect(panel).toContainText('Authorization: Bearer {key}');
  await expect(panel).toContainText('X-API-Key');
  await expect(panel).toContainText('Accept: application/json');
  for (const field of [
    'image_file',
    'variant',
    'result_b64',
    'results',
    'expires_at',
    'images_processed_this_month',
  ]) {
    await expect(panel.locator('dt').getByText(field, { exact: true }).first()).toBeVisible();
  }
  for (const status of ['400', '401', '402', '413', '415', '422', '429', '503']) {
    await expect(panel.locator('dt').getByText(status, { exact: true })).toBeVisible();
  }
  await expect(panel.locator(`a[href="${paths.api}"]`)).toBeVisible();

  // The FAQ keeps the spec's statements where the spec puts them (decision 0060).
  await tab(documentationTexts.tabs.faq).click();
  await expect(panel).toContainText(retentionStatements.documentationFaq);
  for (const statement of Object.values(documentationPlanStatement)) {
    await expect(panel).toContainText(statement);
  }

  await tab(documentationTexts.tabs.resources).click();
  for (const href of [paths.tutorials, paths.api, paths.editor, paths.signUpAlias]) {
    await expect(panel.locator(`a[href="${href}"]`)).toBeVisible();
  }
  await panel.getByRole('link', { name: documentationTexts.contactSupport }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.contact);

  // /sign-up lands on the sign-up page; /#editor on the home page's editor.
  await page.goto(paths.documentation);
  await page.locator(`a[href="${paths.signUpAlias}"]`).first().click();
  await expect(page).toHaveURL((url) => url.pathname === paths.signUp);
  await page.goto(paths.documentation);
  await page.locator(`a[href="${paths.editor}"]`).first().click();
  await expect(page).toHaveURL((url) => url.pathname === paths.home && url.hash === '#editor');
  await expect(page.locator('#editor')).toBeInViewport();
});

test('legal pages: Last updated dates, a brief toast on opening, contact links', async ({
  page,
}) => {
  const today = await page.evaluate(() =>
    new Date().toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' }),
  );
  const pages = [
    { path: paths.privacy, text: pageTexts.privacy, toast: legalTexts.toasts.privacy, date: today },
    { path: paths.terms, text: pageTexts.terms, toast: legalTexts.toasts.terms, date: today },
    {
      path: paths.cookies,
      text: pageTexts.cookies,
      toast: legalTexts.toasts.cookies,
      date: legalTexts.cookiesLastUpdated,
    },
  ];
  for (const legal of pages) {
    await page.goto(legal.path);
    await expect(h1(page)).toHaveText(legal.text.title);
    await expect(page.getByText(`${legalTexts.lastUpdated}: ${legal.date}`)).toBeVisible();
    const toast = toasts(page).filter({ hasText: legal.toast });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(0, { timeout: 8000 });
    await expect(page.locator('main').locator(`a[href="${paths.contact}"]`).first()).toBeVisible();
  }

  // The privacy page states the 24-hour retention (spec §1).
  await page.goto(paths.privacy);
  await expect(page.getByText(retentionStatements.privacyPolicy)).toBeVisible();
  await page.getByRole('link', { name: legalTexts.contactLink }).last().click();
  await expect(page).toHaveURL((url) => url.pathname === paths.contact);
});

test('each page has its own title and description in the prerendered HTML', async ({ request }) => {
  const pages = [
    [paths.about, pageTexts.about],
    [paths.features, pageTexts.features],
    [paths.tutorials, pageTexts.tutorials],
    [paths.documentation, pageTexts.documentation],
    [paths.privacy, pageTexts.privacy],
    [paths.terms, pageTexts.terms],
    [paths.cookies, pageTexts.cookies],
  ] as const;
  for (const [path, text] of pages) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<title>${text.title} | Cutout</title>`);
    expect(html, path).toMatch(
      tagPattern(`<meta name="description" content="${text.description}">`),
    );
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${text.title}</h1>`));
  }
});
