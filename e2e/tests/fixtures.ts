import { test as base, expect } from '@playwright/test';

/** Chromium logs every 4xx/5xx answer to fetch as a console error, with this text. */
const httpErrorLog = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

// Every browser test fails on a console error or an uncaught page error: a page that logs
// errors is broken even when its assertions pass. A test that deliberately provokes a 4xx answer
// (a wrong password, an existing e-mail) opts in with `test.use({ allowHttpErrors: true })`;
// 5xx answers and every other error still fail it.
export const test = base.extend<{ consoleErrors: string[]; allowHttpErrors: boolean }>({
  allowHttpErrors: [false, { option: true }],
  consoleErrors: [
    async ({ page, allowHttpErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() !== 'error') return;
        if (allowHttpErrors && httpErrorLog.test(msg.text())) return;
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
