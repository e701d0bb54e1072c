// Look at the built app: serves build/client the way the Cutout server will (prerendered file,
// else the SPA fallback; the same strict CSP with hashes of the inline scripts), then takes
// screenshots with Debian's Chromium. Usage, after a build:
//   node scripts/screenshot.mjs [outDir]        SESSION=user|admin for a signed-in visitor
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const print = (line) => process.stdout.write(`${line}\n`);
const client = resolve(dirname(fileURLToPath(import.meta.url)), '../build/client');
const outDir = resolve(process.argv[2] ?? '/tmp/shots');
mkdirSync(outDir, { recursive: true });

const users = {
  user: { id: 'u1', email: 'jane.doe@example.com', name: 'Jane Doe', role: 'user' },
  admin: { id: 'a1', email: 'ada@example.com', name: 'Ada Lovelace', role: 'admin' },
};
const sessionUser = users[process.env.SESSION ?? ''] ?? null;

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

function csp(html) {
  const hashes = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map(([, body]) => body)
    .filter((body) => body.length > 0)
    .map((body) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes.join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "font-src 'self'",
  ].join('; ');
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (url.pathname === '/api/auth/session') {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ user: sessionUser }));
    return;
  }
  if (url.pathname.startsWith('/api/')) {
    res.writeHead(url.pathname === '/api/errors' ? 202 : 404);
    res.end();
    return;
  }
  let file = join(client, url.pathname);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!file.startsWith(client) || !existsSync(file)) file = join(client, '__spa-fallback.html');
  const body = readFileSync(file);
  const headers = { 'Content-Type': types[extname(file)] ?? 'application/octet-stream' };
  if (file.endsWith('.html')) headers['Content-Security-Policy'] = csp(body.toString('utf8'));
  res.writeHead(200, headers);
  res.end(body);
});
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const problems = [];
async function shot(
  name,
  path,
  { width = 1280, height = 860, dark = false, act, fullPage = true } = {},
) {
  const context = await browser.newContext({
    viewport: { width, height },
    colorScheme: dark ? 'dark' : 'light',
  });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`${name}: ${msg.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`${name}: ${error.message}`));
  const js = new Map();
  page.on('response', async (response) => {
    if (response.url().endsWith('.js')) js.set(response.url(), await response.body());
  });
  await page.goto(base + path, { waitUntil: 'networkidle' });
  if (act) await act(page);
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(outDir, `${name}.png`), fullPage });
  const finalUrl = new URL(page.url());
  await context.close();
  const gz = [...js.values()].reduce((n, b) => n + gzipSync(b, { level: 9 }).length, 0);
  print(
    `${name.padEnd(24)} ${path.padEnd(22)} → ${(finalUrl.pathname + finalUrl.search).padEnd(36)} JS loaded: ${js.size} files, ${(gz / 1024).toFixed(1)} KB gzip`,
  );
}

const openMenu = (label) => async (page) => {
  await page.getByRole('button', { name: label }).first().click();
  await page.getByRole('menu').waitFor();
};

await shot('home-desktop-light', '/');
await shot('home-desktop-dark', '/', { dark: true });
await shot('home-mobile-light', '/', { width: 390, height: 844 });
await shot('home-mobile-dark', '/', { width: 390, height: 844, dark: true });
await shot('home-scrolled', '/', {
  fullPage: false,
  act: async (page) => page.mouse.wheel(0, 400),
});
await shot('features', '/features');
await shot('pricing', '/pricing');
await shot('pricing-dark', '/pricing', { dark: true });
await shot('dashboard', '/dashboard');
await shot('admin', '/admin');
await shot('unknown-slug', '/no-such-page');
await shot('signin', '/signin');
await shot('sign-up-alias', '/sign-up?plan=free');
await shot('blog-post', '/blog/how-cutout-works');
await shot('resources-menu', '/', { fullPage: false, act: openMenu('Resources') });
await shot('theme-menu', '/', { fullPage: false, act: openMenu('Theme') });
await shot('mobile-menu-open', '/', {
  width: 390,
  height: 844,
  fullPage: false,
  act: async (page) => page.getByRole('button', { name: 'Toggle menu' }).click(),
});
await shot('mobile-menu-open-dark', '/pricing', {
  width: 390,
  height: 844,
  dark: true,
  fullPage: false,
  act: async (page) => page.getByRole('button', { name: 'Toggle menu' }).click(),
});

await browser.close();
server.close();
print(
  problems.length
    ? `\nConsole problems:\n${problems.join('\n')}`
    : '\nNo console errors or warnings.',
);
