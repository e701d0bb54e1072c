import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect } from '@playwright/test';
import { e2eAdmin } from './admin-helpers.js';

/** Chromium logs every 4xx/5xx answer to fetch as a console error, with this text. */
const httpErrorLog = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

// Every browser test fails on a console error or an uncaught page error: a page that logs
// errors is broken even when its assertions pass. A test that deliberately provokes a 4xx answer
// (a wrong password, an existing e-mail) opts in with `test.use({ allowHttpErrors: true })`;
// 5xx answers and every other error still fail it. `toolConsoleErrors` lists messages caused by
// the test tooling rather than the app, each with its reason where it is set.
const serverMain = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../apps/server/dist/main.js',
);

/** A port nothing listens on now, chosen by the system. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface E2eServer {
  /** e.g. http://127.0.0.1:3199 */
  url: string;
  /** The server's DATA_DIR (its SQLite database is cutout.db there). */
  dataDir: string;
}

export const test = base.extend<
  {
    consoleErrors: string[];
    allowHttpErrors: boolean;
    toolConsoleErrors: RegExp[];
  },
  { server: E2eServer }
>({
  // Each worker runs the built production server of its own, with a throwaway data directory, so
  // tests in different workers never share settings, prices or mail (decision 0180). The first
  // worker listens on E2E_PORT when it is set; the others (and the first, without it) on ports
  // the system picks.
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const port =
        workerInfo.parallelIndex === 0 && process.env.E2E_PORT
          ? Number(process.env.E2E_PORT)
          : await freePort();
      const url = `http://127.0.0.1:${port}`;
      const answering = await fetch(`${url}/health`).then(
        () => true,
        () => false,
      );
      if (answering) throw new Error(`something already answers on ${url}: not starting there`);
      const dataDir = mkdtempSync(path.join(tmpdir(), 'cutout-e2e-'));
      // The helpers that read the server's database (the outbox) find it here.
      process.env.E2E_DATA_DIR = dataDir;
      const child = spawn(process.execPath, [serverMain], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dataDir,
          // Rendered once for every worker's server (writes are atomic).
          SAMPLES_DIR: path.join(tmpdir(), 'cutout-e2e-samples'),
          LOG_LEVEL: 'warn',
          // Each test sends its own client address (extraHTTPHeaders below), as behind a proxy.
          TRUST_PROXY: 'true',
          // Seeded once at start (docs/decisions/0032); tests/accounts.spec.ts signs in with it.
          ADMIN_EMAIL: e2eAdmin.email,
          ADMIN_PASSWORD: e2eAdmin.password,
          // A fast model for the editor's tests; ISNet stays the product default.
          ENGINE_MODEL: 'u2netp',
          // Production sells nothing until a provider is chosen (decision 0120): the browser
          // tests choose the built-in sandbox explicitly, and the admin pages say so.
          PAYMENTS_PROVIDER: 'sandbox',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // Should this worker end without its teardown, its server ends with it.
      const orphaned = () => child.kill('SIGKILL');
      process.once('exit', orphaned);
      try {
        await Promise.race([
          exited.then(() => {
            throw new Error(
              `the server on port ${port} exited (${child.exitCode}) before it was up`,
            );
          }),
          expect
            .poll(
              () =>
                fetch(`${url}/health`).then(
                  (r) => r.status,
                  () => 0,
                ),
              {
                message: `the server at ${url} answers /health`,
                timeout: 110_000,
              },
            )
            .toBe(200),
        ]);
        await use({ url, dataDir });
      } finally {
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGTERM');
          await exited;
        }
        process.off('exit', orphaned);
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', auto: true, timeout: 150_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
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
