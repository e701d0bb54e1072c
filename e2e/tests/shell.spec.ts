import {
  adminUserTexts,
  appTexts,
  blogPosts,
  heroTexts,
  homeMarketingTexts,
  navTexts,
  paths,
  themeStorageKey,
} from '@cutout/contracts';
import type { Locator, Page } from '@playwright/test';
import { signInThroughForm } from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// The shared chrome of every page: both headers, footer, deep links, theme, not-found screen.

async function expectPage(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByText(appTexts.notFound.title)).toHaveCount(0);
}

test('the home page loads with its hero, header and footer', async ({ page }) => {
  const response = await page.goto(paths.home);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/Cutout/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: heroTexts.tryItNow })).toHaveAttribute(
    'href',
    '/#editor',
  );
  await expect(page.locator('#editor')).toBeAttached();
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);
});

test('every footer link reaches its page', async ({ page }) => {
  await page.goto(paths.home);
  const hrefs = await page
    .getByRole('contentinfo')
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((a) => a.getAttribute('href')).filter((h): h is string => !!h && h !== '/'),
    );
  expect(hrefs.length).toBeGreaterThanOrEqual(9);
  // Each link is followed from the footer of the page the last one reached (every page has the
  // same footer): one page load for the whole walk, not one per link (about 2.4 CPU s each).
  for (const href of new Set(hrefs)) {
    // The router changes the address before React draws the new page, so the address alone
    // does not say the page arrived: the next click could land on the old page's footer as it
    // is replaced (a click that never navigated, in CI). The new page's title is drawn with it.
    const before = await page.title();
    await page.getByRole('contentinfo').locator(`a[href="${href}"]`).first().click();
    await expectPage(page, href);
    await expect(page).not.toHaveTitle(before);
  }
});

test('every link of the marketing header menus reaches its page', async ({ page }) => {
  const menus = {
    [navTexts.main]: [paths.features, paths.pricing, paths.about, paths.contact, paths.home],
    [navTexts.resources]: [paths.documentation, paths.api, paths.blog, paths.tutorials],
    [navTexts.legal]: [paths.terms, paths.privacy, paths.cookies],
  };
  const nav = () => page.getByRole('navigation', { name: /main/i }).first();
  // As for the footer: each link is followed from the header of the page the last one reached.
  await page.goto(paths.features);
  for (const [menu, targets] of Object.entries(menus)) {
    for (const target of targets) {
      const before = await page.title();
      await nav().getByRole('button', { name: menu }).click();
      await page
        .getByRole('menuitem')
        .and(page.locator(`[href="${target}"]`))
        .click();
      await expectPage(page, target);
      // Drawn, not only addressed (see the footer walk); the walk starts on its first target.
      if (target !== paths.features) await expect(page).not.toHaveTitle(before);
      // The menu closes on the way: the next one opens from a settled header.
      await expect(page.getByRole('menu')).toHaveCount(0);
    }
  }
});

test('the account and signed-out pages carry the same header menus as the home page (issue 26)', async ({
  page,
}) => {
  for (const path of [paths.home, paths.signIn, paths.pricing]) {
    await page.goto(path);
    const nav = page.getByRole('banner').getByRole('navigation', { name: /main/i });
    for (const menu of [navTexts.main, navTexts.resources, navTexts.legal]) {
      await expect(nav.getByRole('button', { name: menu }), `${path}: ${menu}`).toBeVisible();
    }
  }
});

test('deep links load directly: prerendered pages, client-only pages and guarded pages', async ({
  page,
}) => {
  for (const path of [
    paths.documentation,
    // A real article: an unknown one is a 404 (issue 15).
    paths.blogPost(blogPosts[0]!.slug),
    paths.paymentSuccess,
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page).toHaveURL((url) => url.pathname === path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  // Signed-in pages send an anonymous visitor to sign in, remembering where they were going.
  await page.goto(paths.dashboardSettings);
  await expect(page).toHaveURL((url) => url.pathname === paths.signIn);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(paths.dashboardSettings);
  // Admin pages send everyone else home.
  await page.goto(paths.adminUsers);
  await expect(page).toHaveURL((url) => url.pathname === paths.home);
});

test('the prerendered HTML carries the page heading and description without JavaScript', async ({
  request,
}) => {
  const html = await (await request.get(paths.features)).text();
  expect(html).toMatch(/<h1[^>]*>[^<]*Features/);
  expect(html).toMatch(/<meta name="description" content="[^"]{20,}"/);
});

test('a prerendered page is styled before its stylesheet and scripts, in both themes', async ({
  browser,
  request,
}) => {
  // What the server sends: the page's own rules inline, the full sheet not blocking the paint,
  // and no script fetched before it (docs/decisions/0063).
  const html = await (await request.get(paths.home)).text();
  const inlineCss = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? '';
  expect(inlineCss.length).toBeGreaterThan(4000);
  expect(inlineCss).toContain('.dark{');
  expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[^"]+\.css" media="print"/);
  expect(html).not.toContain('rel="modulepreload"');

  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({
      colorScheme,
      viewport: { width: 1280, height: 800 },
    });
    const page = await context.newPage();
    // Neither the stylesheet nor any script arrives: only the HTML (and its inline theme script).
    await page.route(/\/assets\//, (route) => route.abort());
    await page.goto(paths.home, { waitUntil: 'domcontentloaded' });
    const look = await page.evaluate(() => {
      const h1 = getComputedStyle(document.querySelector('h1')!);
      const header = getComputedStyle(document.querySelector('header')!);
      return {
        dark: document.documentElement.classList.contains('dark'),
        headingPx: parseFloat(h1.fontSize),
        headingWeight: Number(h1.fontWeight),
        headerDisplay: getComputedStyle(document.querySelector('header > div')!).display,
        headerSticky: header.position,
        background: getComputedStyle(document.body).backgroundColor,
      };
    });
    expect(look.dark, colorScheme).toBe(colorScheme === 'dark');
    expect(look.headingPx, colorScheme).toBeGreaterThanOrEqual(36);
    // font-semibold: the browser's own h1 would be 700, the reset alone 400.
    expect(look.headingWeight, colorScheme).toBe(600);
    expect(look.headerDisplay, colorScheme).toBe('flex');
    expect(look.headerSticky, colorScheme).toBe('sticky');
    // The theme's own background (oklch lightness), dark in the dark theme.
    const lightness = Number(/^oklch\(([\d.]+)/.exec(look.background)?.[1]);
    if (colorScheme === 'dark') expect(lightness, look.background).toBeLessThan(0.3);
    else expect(lightness, look.background).toBeGreaterThan(0.9);
    await context.close();
  }
});

test('once loaded, the full stylesheet applies and the page is interactive', async ({ page }) => {
  await page.goto(paths.home);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute('media', 'all');
  await page.getByRole('button', { name: navTexts.theme.label }).click();
  await expect(page.getByRole('menuitemradio', { name: navTexts.theme.dark })).toBeVisible();
});

test('the theme choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(paths.home);
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: navTexts.theme.label }).click();
  await page.getByRole('menuitemradio', { name: navTexts.theme.dark }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  expect(await page.evaluate((key) => localStorage.getItem(key), themeStorageKey)).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  // Back to System: it follows the OS, live.
  await page.getByRole('button', { name: navTexts.theme.label }).click();
  await page.getByRole('menuitemradio', { name: navTexts.theme.system }).click();
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test.describe('an unknown address', () => {
  // A real 404 (issue 15), which Chromium logs.
  test.use({ allowHttpErrors: true });
  test('an unknown slug shows the not-found screen with a way home', async ({ page }) => {
    const response = await page.goto('/no-such-page-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: appTexts.notFound.title })).toBeVisible();
    await expect(page.getByText(appTexts.notFound.message)).toBeVisible();
    await page.getByRole('link', { name: appTexts.notFound.action }).click();
    await expect(page).toHaveURL((url) => url.pathname === paths.home);
  });
});

test('below 768 px the header collapses into a menu that opens, navigates and closes', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(paths.home);
  const toggle = page.getByRole('button', { name: navTexts.toggleMenu });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await page.getByRole('banner').getByRole('link', { name: navTexts.pricing }).click();
  await expectPage(page, paths.pricing);
  await expect(page.getByRole('button', { name: navTexts.toggleMenu })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

/** Waits for `toast` to settle (it slides in), then checks it lies wholly below `header`. */
async function expectBelow(toast: Locator, header: Locator, what: string) {
  await expect(toast).toBeVisible({ timeout: 10_000 });
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  const headerBox = await header.boundingBox();
  expect(headerBox, `${what}: the header`).toBeTruthy();
  await expect
    .poll(async () => (await toast.boundingBox())?.y ?? -1, { message: `${what}: the toast's top` })
    .toBeGreaterThanOrEqual(headerBox!.y + headerBox!.height);
}

test('no toast covers the header’s controls: the admin’s at 1280 px and toasts on a phone', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInThroughForm(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).not.toHaveURL(/\/signin$/, { timeout: 20_000 });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    // Entering User Management shows its toast top-right (spec §9), where 'Exit Admin' is.
    await page.goto(paths.adminUsers);
    const toast = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: adminUserTexts.entryToastDescription });
    const header = page.getByRole('banner');
    await expectBelow(toast, header, `admin at ${width} px`);
    const exit = header.getByRole('link', { name: navTexts.exitAdmin });
    // Clickable: the toast is not over it.
    await exit.click({ trial: true });
    await lookAt(page, { path: `.artifacts/toast-below-admin-header-${width}.png` });
  }
  // The home page's welcome toast on a phone: at the top, under the site header's menu button.
  await page.goto(paths.home);
  await expectBelow(
    page.locator('[data-sonner-toast]').filter({ hasText: homeMarketingTexts.welcomeTitle }),
    page.getByRole('banner'),
    'home at 360 px',
  );
});
