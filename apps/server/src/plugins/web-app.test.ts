import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, tempDir, type TestApp } from '../test/test-app.js';
import { inlineScriptHashes, isServerPath, loadWebApp } from './web-app.js';

// A miniature of what `react-router build` writes with ssr:false and prerendering: one HTML
// file per prerendered page, an SPA fallback, and hashed assets.
function writeBuild(dir: string) {
  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title><script>window.__ctx={"p":"${title}"}</script>` +
    `<script type="module" src="/assets/entry-abc123.js"></script></head><body><h1>${title}</h1></body></html>`;
  writeFileSync(path.join(dir, 'index.html'), page('Home'));
  writeFileSync(path.join(dir, '__spa-fallback.html'), page('Fallback'));
  mkdirSync(path.join(dir, 'about'));
  writeFileSync(path.join(dir, 'about', 'index.html'), page('About'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'assets', 'entry-abc123.js'), 'console.log("app");'.repeat(200));
  // What apps/web/scripts/precompress.mjs writes beside a script.
  const chunk = Buffer.from('export const chunk = "route";\n'.repeat(100));
  writeFileSync(path.join(dir, 'assets', 'route-def456.js'), chunk);
  writeFileSync(path.join(dir, 'assets', 'route-def456.js.br'), brotliCompressSync(chunk));
  writeFileSync(path.join(dir, 'assets', 'route-def456.js.gz'), gzipSync(chunk));
}

describe('serving the web app', () => {
  let t: TestApp;
  const build = tempDir('cutout-web-');
  beforeAll(async () => {
    writeBuild(build.dir);
    t = await createTestApp({ webApp: loadWebApp(build.dir) ?? null });
  });
  afterAll(async () => {
    await t.close();
    build.remove();
  });

  it('serves a prerendered page as its own HTML, with and without a trailing slash', async () => {
    for (const url of ['/about', '/about/']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<h1>About</h1>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await t.app.inject({ url: '/' })).body).toContain('<h1>Home</h1>');
  });

  it("falls back to the single-page app for the app's other routes (deep links)", async () => {
    for (const url of ['/dashboard', '/admin/users', '/dashboard/settings?tab=1', '/sign-up']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<h1>Fallback</h1>');
    }
  });

  it('answers any other address with the app and a real 404 unless a page is published there', async () => {
    for (const url of ['/blog/some-post', '/some-cms-slug?x=1']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<h1>Fallback</h1>');
      expect(res.body).toContain('<title>Page Not Found | Cutout</title>');
    }
  });

  it('serves hashed assets with immutable caching, and 404 JSON for a missing one', async () => {
    const res = await t.app.inject({ url: '/assets/entry-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ url: '/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('not_found');
  });

  it('serves /api (the API documentation page) as a page, not as the API', async () => {
    const res = await t.app.inject({ url: '/api', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Fallback</h1>');
  });

  it('never answers an API path with the app', async () => {
    const res = await t.app.inject({ url: '/api/unknown', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });

  it('never answers the users API path (/users/…) with the app', async () => {
    const res = await t.app.inject({ url: '/users/unknown/x', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
    expect(isServerPath('/users/abc')).toBe(true);
    expect(isServerPath('/user-guide')).toBe(false);
  });

  const scriptHash = (title: string) =>
    `'sha256-${createHash('sha256').update(`window.__ctx={"p":"${title}"}`).digest('base64')}'`;

  it("sends security headers, and a CSP that allows exactly the page's own inline scripts", async () => {
    const res = await t.app.inject({ url: '/about' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(scriptHash('About'));
    expect(csp).not.toContain(scriptHash('Home'));
    expect(csp).not.toContain(scriptHash('Fallback'));
    expect(csp).toMatch(/script-src 'self' 'sha256-/);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['strict-transport-security']).toBeUndefined();

    const fallback = await t.app.inject({ url: '/dashboard/keys?tab=1' });
    expect(String(fallback.headers['content-security-policy'])).toContain(scriptHash('Fallback'));
    const api = await t.app.inject({ url: '/api/unknown' });
    expect(String(api.headers['content-security-policy'])).not.toContain('sha256-');
    // A malformed escape is refused as a bad request, not a crash.
    const malformed = await t.app.inject({ url: '/%E0%A4%A', headers: { accept: 'text/html' } });
    expect(malformed.statusCode).toBe(400);
  });

  it('sends hashed assets without the headers that only apply to documents', async () => {
    const res = await t.app.inject({ url: '/assets/entry-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it("sends the build's precompressed copy of an asset as it is, once, to those who accept it", async () => {
    const url = '/assets/route-def456.js';
    const br = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    // The body is the .br file itself (compressed once, by the build), and it opens to the script.
    expect(
      br.rawPayload.equals(readFileSync(path.join(build.dir, 'assets', 'route-def456.js.br'))),
    ).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('export const chunk');
    const gz = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(
      gz.rawPayload.equals(readFileSync(path.join(build.dir, 'assets', 'route-def456.js.gz'))),
    ).toBe(true);
    expect(gunzipSync(gz.rawPayload).toString()).toContain('export const chunk');
    const plain = await t.app.inject({ url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('export const chunk');
  });

  it('compresses large responses, pages included', async () => {
    const res = await t.app.inject({
      url: '/assets/entry-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    for (const url of ['/about', '/dashboard/subscriptions', '/some/unknown/address']) {
      const page = await t.app.inject({
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'br, gzip' },
      });
      expect(page.statusCode).toBe(url.startsWith('/some') ? 404 : 200);
      expect(page.headers['content-encoding'], url).toMatch(/^(br|gzip)$/);
    }
    const plain = await t.app.inject({ url: '/about', headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<h1>About</h1>');
  });
});

describe('without a built web app', () => {
  it('says how to build it instead of failing obscurely', async () => {
    const t = await createTestApp({ webApp: null });
    const res = await t.app.inject({ url: '/pricing', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(/npm start/);
    await t.close();
  });
});

describe('inlineScriptHashes', () => {
  it('hashes inline scripts and skips external ones', () => {
    const hashes = inlineScriptHashes(
      '<script src="/a.js"></script><script>alert(1)</script><script type="module">\nimport "x"</script>',
    );
    expect(hashes).toHaveLength(2);
    expect(hashes[0]).toBe(`'sha256-${createHash('sha256').update('alert(1)').digest('base64')}'`);
  });
});

describe('GET /api/auth/session', () => {
  it('answers that nobody is signed in, uncached', async () => {
    const t = await createTestApp();
    const res = await t.app.inject({ url: '/api/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
    expect(res.headers['cache-control']).toBe('no-store');
    await t.close();
  });
});
