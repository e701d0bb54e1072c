import { adminPaths, paths, prerenderedPaths, signedInPaths } from '@cutout/contracts';
import { expect, test } from './fixtures.js';

// Every public page fits a 360 px phone without sideways scrolling. The list comes from the
// contracts, so a new page is checked without being added here: every path in `paths` that is
// neither signed-in nor admin-only, plus every prerendered page (which includes each article).

const narrowest = 360;

const restricted = new Set<string>([...signedInPaths, ...adminPaths]);
const publicPaths = [
  ...new Set<string>([
    ...Object.values(paths)
      .filter((value) => typeof value === 'string')
      .filter((value) => !value.includes('#') && !restricted.has(value)),
    ...prerenderedPaths,
  ]),
];

test.use({ viewport: { width: narrowest, height: 740 } });

test('the list of public pages is the contracts’ own', () => {
  // A guard against the filter above silently emptying the list.
  expect(publicPaths).toContain(paths.home);
  expect(publicPaths).toContain(paths.cookies);
  expect(publicPaths).toContain(paths.resetPassword);
  expect(publicPaths.filter((path) => path.startsWith(`${paths.blog}/`)).length).toBeGreaterThan(0);
  expect(publicPaths.some((path) => restricted.has(path))).toBe(false);
});

for (const path of publicPaths) {
  test(`${path} fits ${narrowest} px without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    const widths = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      // The elements that stick out, to say what to fix when this fails.
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
    expect(
      widths.scrollWidth,
      `wider than the screen: ${widths.wide.join(' | ')}`,
    ).toBeLessThanOrEqual(narrowest);
  });
}
