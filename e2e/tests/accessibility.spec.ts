import { adminPaths, paths, signedInPaths } from '@cutout/contracts';
import type { Page } from '@playwright/test';
import {
  expectPath,
  signInThroughForm,
  signUpThroughForm,
  uniqueEmail,
} from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { expect, lookAt, test } from './fixtures.js';
import {
  oncePerScreen,
  seriousViolations,
  useColorScheme,
  type ColorScheme,
} from './page-checks.js';

// Issue 26: axe-core over every signed-in and admin page, in the light and the dark theme: no
// serious or critical violation. The public pages get the same check in every-public-page.spec.ts.
// Each screen is loaded once and checked in both themes: the app's default theme follows the
// system live, so the page switches without a reload.

// Axe reads colours as they are painted: with reduced motion, as a visitor may ask, a toast is
// either there in full or not yet there, never caught mid-fade (a contrast failure in CI).
test.use({ contextOptions: { reducedMotion: 'reduce' } });

/** Opens `path` and checks it in both themes; soft, so one run lists every page to fix. */
async function checkBothThemes(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main').first()).toBeVisible({ timeout: 30_000 });
  for (const scheme of ['light', 'dark'] as ColorScheme[]) {
    await useColorScheme(page, scheme);
    expect.soft(await seriousViolations(page), `${path} in the ${scheme} theme`).toEqual([]);
    await lookAt(page, {
      path: `.artifacts/desktop-${scheme}${path.replaceAll('/', '_')}.png`,
    });
  }
}

test('signed-in and admin pages have no serious or critical accessibility violation in either theme', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  await signUpThroughForm(page, {
    name: 'Axe Tester',
    email: uniqueEmail('axe'),
    password: 'axe-Passw0rd-e2e',
  });
  await expectPath(page, paths.dashboard);
  for (const path of oncePerScreen(signedInPaths)) await checkBothThemes(page, path);

  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const admin = await context.newPage();
  await signInThroughForm(admin, e2eAdmin.email, e2eAdmin.password);
  await expect(admin).not.toHaveURL(/\/signin$/, { timeout: 20_000 });
  for (const path of oncePerScreen(adminPaths)) await checkBothThemes(admin, path);
  await context.close();
});
