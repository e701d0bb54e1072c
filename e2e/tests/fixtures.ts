import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** Chromium logs every 4xx/5xx answer to fetch as a console error, with this text. */
const httpErrorLog = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

// Every browser test fails on a console error or an uncaught page error: a page that logs
// errors is broken even when its assertions pass. A test that deliberately provokes a 4xx answer
// (a wrong password, an existing e-mail) opts in with `test.use({ allowHttpErrors: true })`;
// 5xx answers and every other error still fail it. `toolConsoleErrors` lists messages caused by
// the test tooling rather than the app, each with its reason where it is set.
export const test = base.extend<{
  consoleErrors: string[];
  allowHttpErrors: boolean;
  toolConsoleErrors: RegExp[];
}>({
  allowHttpErrors: [false, { option: true }],
  // Each test is a client of its own, as people are: its requests carry an address of their
  // own (the server trusts X-Forwarded-For in these tests), so the per-address abuse limits —
  // ten sign-ups an hour — hold for each test rather than for the whole suite at once.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
  extraHTTPHeaders: async ({}, use) => {
    const octet = () => 1 + Math.floor(Math.random() * 254);
    await use({ 'x-forwarded-for': `10.${octet()}.${octet()}.${octet()}` });
  },
  toolConsoleErrors: [[], { option: true }],
  // Prerendered pages are on screen before their scripts run (docs/decisions/0063): a test, like
  // a person, can only use a page once React has hydrated it. After each load of the app, wait
  // for the mark the app sets then (a response that is not the app has no module script).
  page: async ({ page }, use) => {
    const whenInteractive = () =>
      page.waitForFunction(
        () =>
          !document.querySelector('script[type="module"]') ||
          document.documentElement.dataset.hydrated === 'true',
      );
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<typeof goto>) => {
      const response = await goto(...args);
      await whenInteractive();
      return response;
    };
    const reload = page.reload.bind(page);
    page.reload = async (...args: Parameters<typeof reload>) => {
      const response = await reload(...args);
      await whenInteractive();
      return response;
    };
    await use(page);
  },
  consoleErrors: [
    async ({ page, allowHttpErrors, toolConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        if (allowHttpErrors && httpErrorLog.test(msg.text())) return;
        if (toolConsoleErrors.some((pattern) => pattern.test(msg.text()))) return;
        errors.push(msg.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors on the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * A pattern for an HTML tag as written in a page, self-closing or not (`<meta …/>` and
 * `<meta …>` are the same element; the build's HTML post-processing writes the latter).
 */
export function tagPattern(tag: string): RegExp {
  const escaped = tag.replace(/\/?>$/, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${escaped}\\s*/?>`);
}

/**
 * A screenshot for people to look at (`.artifacts/`), not for an assertion. CI sets
 * `E2E_SCREENSHOTS=off`: its clone is thrown away with them, and drawing ~200 PNGs cost the
 * browser tests CPU seconds on a 2-core machine (decision 0180).
 */
export async function lookAt<T extends Page | Locator>(
  target: T,
  options: Parameters<T['screenshot']>[0],
): Promise<void> {
  if (process.env.E2E_SCREENSHOTS === 'off') return;
  await (target as Page).screenshot(options);
}
