import { adminPaths, paths, signedInPaths } from '@cutout/contracts';
import {
  expectPath,
  signInThroughForm,
  signUpThroughForm,
  uniqueEmail,
} from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { expect, test } from './fixtures.js';
import { checkBothThemes, oncePerScreen } from './page-checks.js';

// Issue 26: axe-core over every signed-in and admin page, in the light and the dark theme: no
// serious or critical violation. The public pages get the same check in every-public-page.spec.ts.
// Each screen is loaded once and checked in both themes: the app's default theme follows the
// system live, so the page switches without a reload.

// Axe reads colours as they are painted: with reduced motion, as a visitor may ask, a toast is
// either there in full or not yet there, never caught mid-fade (a contrast failure in CI).
test.use({ contextOptions: { reducedMotion: 'reduce' } });

test('signed-in and admin pages have no serious or critical accessibility violation in either theme', async ({
  page,
  browser,
}) => {
  test.setTimeout(600_000);
  await signUpThroughForm(
    page,
    {
      name: 'Axe Tester',
      email: uniqueEmail('axe'),
      password: 'axe-Passw0rd-e2e',
    },
    { confirm: true },
  );
  await expectPath(page, paths.dashboard);
  for (const path of oncePerScreen(signedInPaths)) {
    await page.goto(path);
    await checkBothThemes(page, path);
  }

  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const admin = await context.newPage();
  await signInThroughForm(admin, e2eAdmin.email, e2eAdmin.password);
  await expect(admin).not.toHaveURL(/\/signin$/, { timeout: 20_000 });
  for (const path of oncePerScreen(adminPaths)) {
    await admin.goto(path);
    await checkBothThemes(admin, path);
  }
  await context.close();
});
