// Look at the account pages against the real production server (npm run build first): starts
// apps/server/dist/main.js on a spare port with a throwaway data directory, creates a user and
// signs in the seeded admin, then screenshots sign-in, sign-up, forgot (form and sent), reset,
// dashboard (with credits and at 0) and admin settings — light and dark, desktop and 390 px.
// Usage: node scripts/screenshot-accounts.mjs [outDir]
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumExecutable } from '../../../scripts/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(process.argv[2] ?? '/tmp/shots-accounts');
mkdirSync(outDir, { recursive: true });
const dataDir = mkdtempSync(join(tmpdir(), 'cutout-shots-'));
const port = 3000 + Math.floor(Math.random() * 900) + 100;
const base = `http://127.0.0.1:${port}`;
const admin = { email: 'admin@cutout.test', password: 'shots-Admin-passw0rd' };

const server = spawn('node', [resolve(here, '../../server/dist/main.js')], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 100; i += 1) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

const problems = [];
try {
  await waitForServer();
  const browser = await chromium.launch({ executablePath: chromiumExecutable, args: chromiumArgs });

  // Sessions: a user (signed up through the API) and the admin.
  const sessions = {};
  for (const [role, call] of [
    [
      'user',
      [
        '/api/auth/sign-up',
        { name: 'Jane Doe', email: 'jane@example.com', password: 'jane-passw0rd' },
      ],
    ],
    ['admin', ['/api/auth/sign-in', { ...admin, rememberMe: true }]],
  ]) {
    const context = await browser.newContext({ baseURL: base });
    const response = await context.request.post(call[0], { data: call[1] });
    if (!response.ok()) throw new Error(`${call[0]}: ${response.status()}`);
    sessions[role] = await context.storageState();
    await context.close();
  }
  const userId = (
    await (
      await fetch(`${base}/api/auth/session`, {
        headers: { cookie: sessions.user.cookies.map((c) => `${c.name}=${c.value}`).join('; ') },
      })
    ).json()
  ).user.id;

  // A reset link for the user, from the outbox.
  await fetch(`${base}/api/auth/forgot-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'jane@example.com' }),
  });
  await new Promise((r) => setTimeout(r, 500));
  const db = new Database(join(dataDir, 'cutout.db'), { readonly: true });
  const text = db.prepare('SELECT text FROM outbox ORDER BY created_at DESC LIMIT 1').get().text;
  db.close();
  const resetLink = new URL(text.match(/https?:\/\/\S+\/reset-password\?token=\S+/)[0]);

  async function shot(name, path, { session, act, tag = '' } = {}) {
    for (const [variant, viewport] of [
      ['desktop', { width: 1280, height: 860 }],
      ['mobile', { width: 390, height: 844 }],
    ]) {
      for (const scheme of ['light', 'dark']) {
        const context = await browser.newContext({
          baseURL: base,
          viewport,
          colorScheme: scheme,
          storageState: session ? sessions[session] : undefined,
        });
        const page = await context.newPage();
        page.on('console', (msg) => {
          if (msg.type() === 'error') problems.push(`${name}: ${msg.text()}`);
        });
        page.on('pageerror', (error) => problems.push(`${name}: ${error.message}`));
        await page.goto(path, { waitUntil: 'networkidle' });
        if (act) await act(page);
        await page.waitForTimeout(400);
        const file = join(outDir, `${name}${tag}-${variant}-${scheme}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await context.close();
      }
    }
    process.stdout.write(`${name}\n`);
  }

  await shot('signin', '/signin');
  await shot('signin-errors', '/signin', {
    act: async (page) => {
      await page.getByLabel('Email').fill('nope');
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    },
  });
  await shot('signup', '/signup');
  await shot('forgot', '/forgot-password');
  await shot('forgot-sent', '/forgot-password', {
    act: async (page) => {
      await page
        .getByLabel('Email')
        .fill(`someone-${Math.random().toString(36).slice(2, 8)}@example.com`);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    },
  });
  await shot('reset', `${resetLink.pathname}${resetLink.search}`, {
    act: (page) => page.getByLabel('Confirm new password').waitFor(),
  });
  await shot('dashboard', '/dashboard', { session: 'user' });
  await shot('admin-settings', '/admin/settings', { session: 'admin' });
  await shot('admin-security', '/admin/settings', {
    session: 'admin',
    act: async (page) => {
      await page.getByRole('tab', { name: 'Security' }).click();
      await page.getByLabel('New password', { exact: true }).fill('abc');
      await page.getByRole('button', { name: 'Change Password' }).click();
    },
  });
  await shot('admin-setup', '/admin/settings', {
    session: 'admin',
    act: (page) => page.getByRole('tab', { name: 'Admin Setup' }).click(),
  });
  await shot('admin-clear-dialog', '/admin/settings', {
    session: 'admin',
    act: async (page) => {
      await page.getByRole('tab', { name: 'Admin Setup' }).click();
      await page.getByRole('button', { name: 'Clear All Users' }).click();
    },
  });
  // The admin takes the user's credits to 0: the 'Pro Feature' prompt.
  const adminCookie = sessions.admin.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  await fetch(`${base}/users/${userId}/credits`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', cookie: adminCookie },
    body: JSON.stringify({ credits: 0 }),
  });
  await shot('dashboard-no-credits', '/dashboard', { session: 'user' });
  await browser.close();
} finally {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.stdout.write(
  problems.length ? `Problems:\n${problems.join('\n')}\n` : 'No console errors.\n',
);
