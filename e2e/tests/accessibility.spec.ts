import AxeBuilder from '@axe-core/playwright';
import {
  adminPaths,
  paths,
  prerenderedPaths,
  signedInPaths,
  themeStorageKey,
} from '@cutout/contracts';
import type { Page } from '@playwright/test';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import {
  expectPath,
  signInThroughForm,
  signUpThroughForm,
  uniqueEmail,
} from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Issue 26: axe-core over every public, signed-in and admin page, in the light and the dark
// theme: no serious or critical violation. The public list is the contracts' own (as in
// narrow-screens.spec.ts), so a new page is checked without being added here.

const restricted = new Set<string>([...signedInPaths, ...adminPaths]);
const publicPaths = [
  ...new Set<string>([
    ...Object.values(paths)
      .filter((value) => typeof value === 'string')
      .filter((value) => !value.includes('#') && !restricted.has(value)),
    ...prerenderedPaths,
  ]),
];
const themes = ['light', 'dark'] as const;

// Some links use a second path for the same screen (/credits and /dashboard/credits): the route
// table renders one module under both (apps/web/src/app/routes.ts, docs/decisions/0021). Axe
// checks each screen once, at the first of its paths; a path that gets a module of its own is
// checked as soon as the route table says so.
function moduleOfPath(entries: RouteConfigEntry[], found = new Map<string, string>()) {
  for (const entry of entries) {
    if (entry.path) found.set(entry.path, entry.file);
    moduleOfPath(entry.children ?? [], found);
  }
  return found;
}
// Loaded at run time: the web app's own compiler settings, not this package's, check that file.
const routeTable = '../../apps/web/src/app/routes.js';
const moduleOf = moduleOfPath(
  ((await import(routeTable)) as { default: RouteConfigEntry[] }).default,
);
function oncePerScreen(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.filter((path) => {
    const module = moduleOf.get(path);
    if (!module) throw new Error(`${path} is not in the route table (apps/web/src/app/routes.ts)`);
    if (seen.has(module)) return false;
    seen.add(module);
    return true;
  });
}

/** Serious and critical violations of `path` in `theme`, one line each, to say what to fix. */
async function violations(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator('main').first()).toBeVisible({ timeout: 30_000 });
  // Legacy mode runs axe in the page itself. The default opens a blank page after every run to
  // merge the results of cross-origin frames, which cost a third of axe's CPU seconds; these
  // pages have no such frame, and a frame axe could not test fails the check below.
  const result = await new AxeBuilder({ page }).setLegacyMode(true).analyze();
  const untestedFrames = result.incomplete.filter((r) => r.id === 'frame-tested');
  // A look at each page at the desktop width, in both themes, for the reviewers.
  const theme = await page.evaluate(() => document.documentElement.classList.contains('dark'));
  await lookAt(page, {
    path: `.artifacts/desktop-${theme ? 'dark' : 'light'}${path.replaceAll('/', '_') || '_home'}.png`,
  });
  return [...result.violations, ...untestedFrames]
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

// Axe reads colours as they are painted: a page's entry toast (home, the legal pages) appears
// about 1.2 s after the page is idle, and caught while fading in, its text failed contrast
// (/terms, once in CI). With reduced motion, as a visitor may ask, the toast is either there in
// full or not yet there.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

for (const theme of themes) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [themeStorageKey, theme],
      );
    });

    // One test per page, so each has its own time budget on a busy machine.
    for (const path of publicPaths) {
      test(`${path} has no serious or critical accessibility violation`, async ({ page }) => {
        expect(await violations(page, path)).toEqual([]);
      });
    }

    test('signed-in and admin pages have no serious or critical accessibility violation', async ({
      page,
      browser,
    }) => {
      test.setTimeout(600_000);
      await signUpThroughForm(page, {
        name: 'Axe Tester',
        email: uniqueEmail(`axe-${theme}`),
        password: 'axe-Passw0rd-e2e',
      });
      await expectPath(page, paths.dashboard);
      for (const path of oncePerScreen(signedInPaths)) {
        expect.soft(await violations(page, path), path).toEqual([]);
      }

      const context = await browser.newContext({ reducedMotion: 'reduce' });
      await context.addInitScript(
        ([key, value]) => localStorage.setItem(key!, value!),
        [themeStorageKey, theme],
      );
      const admin = await context.newPage();
      await signInThroughForm(admin, e2eAdmin.email, e2eAdmin.password);
      await expect(admin).not.toHaveURL(/\/signin$/, { timeout: 20_000 });
      for (const path of oncePerScreen(adminPaths)) {
        expect.soft(await violations(admin, path), path).toEqual([]);
      }
      await context.close();
    });
  });
}
