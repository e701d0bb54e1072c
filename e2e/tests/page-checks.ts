import AxeBuilder from '@axe-core/playwright';
import { adminPaths, paths, prerenderedPaths, signedInPaths } from '@cutout/contracts';
import type { Page } from '@playwright/test';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { expect, lookAt } from './fixtures.js';

// The checks every page gets (issue 26: no serious accessibility violation in either theme, no
// sideways scrolling at 360 px), shared by every-public-page.spec.ts, accessibility.spec.ts and
// narrow-screens.spec.ts.

/** The narrowest phone the pages are held to. */
export const narrowest = 360;

/** The paths only a signed-in user or an admin can open. */
export const restrictedPaths = new Set<string>([...signedInPaths, ...adminPaths]);

/**
 * Every public page: each path in the contracts' `paths` that is neither signed-in nor
 * admin-only, plus every prerendered page (which includes each article). The list is the
 * contracts' own, so a new page is checked without being added to a test.
 */
export const publicPaths = [
  ...new Set<string>([
    ...Object.values(paths)
      .filter((value) => typeof value === 'string')
      .filter((value) => !value.includes('#') && !restrictedPaths.has(value)),
    ...prerenderedPaths,
  ]),
];

/** Serious and critical axe violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page, scope?: string): Promise<string[]> {
  // Legacy mode runs axe in the page itself. The default opens a blank page after every run to
  // merge the results of cross-origin frames, which cost a third of axe's CPU seconds; these
  // pages have no such frame, and a frame axe could not test fails the check below.
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  const result = await (scope ? builder.include(scope) : builder).analyze();
  const untestedFrames = result.incomplete.filter((r) => r.id === 'frame-tested');
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

export type ColorScheme = 'light' | 'dark';

/**
 * Switches the page to `scheme` the way a visitor's system does: the app's default theme
 * ('system') follows the operating system live (apps/web/src/lib/theme.ts), so the page changes
 * without a reload. Waits until the page has applied it.
 */
export async function useColorScheme(page: Page, scheme: ColorScheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  const dark = (className: string | null) => (className ?? '').split(/\s+/).includes('dark');
  await expect
    .poll(async () => dark(await page.locator('html').getAttribute('class')), {
      message: `the page follows the system's ${scheme} scheme`,
    })
    .toBe(scheme === 'dark');
  // Colours change through CSS transitions (Tailwind's transition-colors, which reduced motion
  // does not stop): axe caught a header link mid-transition once in CI. Wait until they end.
  // Only transitions: they end, where a spinner's animation may run for ever.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Axe on the page as it is loaded (at `path`), in the light theme and then the dark one, with a
 * look at each for the reviewers. Soft, so one run lists every page and theme to fix.
 */
export async function checkBothThemes(page: Page, path: string): Promise<void> {
  await expect(page.locator('main').first()).toBeVisible({ timeout: 30_000 });
  for (const scheme of ['light', 'dark'] as ColorScheme[]) {
    await useColorScheme(page, scheme);
    expect.soft(await seriousViolations(page), `${path} in the ${scheme} theme`).toEqual([]);
    await lookAt(page, {
      path: `.artifacts/desktop-${scheme}${path.replaceAll('/', '_') || '_home'}.png`,
    });
  }
}

/** How wide the page scrolls, and what sticks out past the screen's right edge (to fix). */
export async function overflow(page: Page): Promise<{ scrollWidth: number; wide: string[] }> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const viewport = root.clientWidth;
    const wide = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getBoundingClientRect().right > viewport + 0.5)
      .filter(
        (el) =>
          !el.parentElement || el.parentElement.getBoundingClientRect().right <= viewport + 0.5,
      )
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
    return { scrollWidth: root.scrollWidth, wide };
  });
}

// Some links use a second path for the same screen (/credits and /dashboard/credits): the route
// table renders one module under both (apps/web/src/app/routes.ts, docs/decisions/0021). A
// screen is checked once, at the first of its paths; a path that gets a module of its own is
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

/** `list` with each screen once: a path whose module an earlier path renders is left out. */
export function oncePerScreen(list: readonly string[]): string[] {
  const seen = new Set<string>();
  return list.filter((path) => {
    const module = moduleOf.get(path);
    if (!module) throw new Error(`${path} is not in the route table (apps/web/src/app/routes.ts)`);
    if (seen.has(module)) return false;
    seen.add(module);
    return true;
  });
}
