import { appTexts, heroTexts, navTexts, paths, themeStorageKey } from '@cutout/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

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
  for (const href of new Set(hrefs)) {
    await page.goto(paths.home);
    await page.getByRole('contentinfo').locator(`a[href="${href}"]`).first().click();
    await expectPage(page, href);
  }
});

test('every link of the marketing header menus reaches its page', async ({ page }) => {
  const menus = {
    [navTexts.main]: [paths.features, paths.pricing, paths.about, paths.contact, paths.home],
    [navTexts.resources]: [paths.documentation, paths.api, paths.blog, paths.tutorials],
    [navTexts.legal]: [paths.terms, paths.privacy, paths.cookies],
  };
  const nav = () => page.getByRole('navigation', { name: /main/i }).first();
  for (const [menu, targets] of Object.entries(menus)) {
    for (const target of targets) {
      await page.goto(paths.features);
      await nav().getByRole('button', { name: menu }).click();
      await page
        .getByRole('menuitem')
        .and(page.locator(`[href="${target}"]`))
        .click();
      await expectPage(page, target);
    }
  }
});

test('the account-page header (variant one) links reach their pages', async ({ page }) => {
  for (const [name, target] of [
    [navTexts.features, paths.features],
    [navTexts.about, paths.about],
  ] as const) {
    await page.goto(paths.signIn);
    await page.getByRole('banner').getByRole('link', { name, exact: true }).click();
    await expectPage(page, target);
  }
  for (const target of [paths.documentation, paths.tutorials]) {
    await page.goto(paths.signIn);
    await page.getByRole('banner').getByRole('button', { name: navTexts.resources }).click();
    await page
      .getByRole('menuitem')
      .and(page.locator(`[href="${target}"]`))
      .click();
    await expectPage(page, target);
  }
});

test('deep links load directly: prerendered pages, client-only pages and guarded pages', async ({
  page,
}) => {
  for (const path of [
    paths.documentation,
    paths.blogPost('how-cutout-works'),
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

test('an unknown slug shows the not-found screen with a way home', async ({ page }) => {
  const response = await page.goto('/no-such-page-here');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { name: appTexts.notFound.title })).toBeVisible();
  await expect(page.getByText(appTexts.notFound.message)).toBeVisible();
  await page.getByRole('link', { name: appTexts.notFound.action }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.home);
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
