import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { editorTexts } from '@cutout/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { importImageFromUrl, isPublicAddress, urlImportTexts } from './url-import.js';

// URL import against a local HTTP server: what it fetches, and every address it must refuse.

let server: http.Server;
let base: string;
let image: Buffer;

beforeAll(async () => {
  image = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
  server = http.createServer((req, res) => {
    switch (req.url) {
      case '/photo.png':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(image);
        return;
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<html></html>');
        return;
      case '/redirect':
        res.writeHead(302, { location: '/photo.png' });
        res.end();
        return;
      case '/redirect-away':
        res.writeHead(302, { location: 'http://10.0.0.1/secret.png' });
        res.end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' });
        res.end();
        return;
      case '/huge': {
        // No Content-Length: the limit must hold while streaming.
        res.writeHead(200, { 'content-type': 'image/jpeg' });
        const chunk = Buffer.alloc(1024 * 1024);
        for (let i = 0; i < 11; i++) res.write(chunk);
        res.end();
        return;
      }
      case '/slow':
        res.writeHead(200, { 'content-type': 'image/png' });
        res.write(image.subarray(0, 10));
        return; // never ends
      default:
        res.writeHead(404);
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const allow = { allowHosts: ['127.0.0.1'] };

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('URL import', () => {
  it('fetches an image and names it image_from_url.{ext}', async () => {
    const got = await importImageFromUrl(`${base}/photo.png`, allow);
    expect(got.bytes.equals(image)).toBe(true);
    expect(got.contentType).toBe('image/png');
    expect(got.name).toBe('image_from_url.png');
  });

  it('follows redirects on allowed hosts', async () => {
    const got = await importImageFromUrl(`${base}/redirect`, allow);
    expect(got.bytes.equals(image)).toBe(true);
  });

  it('refuses loopback, private and link-local addresses without the allow-list', async () => {
    for (const url of [
      `${base}/photo.png`,
      'http://localhost:1/x.png',
      'http://10.1.2.3/x.png',
      'http://192.168.0.1/x.png',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/x.png',
      'http://[::ffff:127.0.0.1]/x.png',
      'http://0.0.0.0/x.png',
    ]) {
      const error = await failure(importImageFromUrl(url));
      expect(error.status, url).toBe(400);
      expect(error.message).toBe(urlImportTexts.blocked);
    }
  });

  it('checks the address again after a redirect', async () => {
    const error = await failure(importImageFromUrl(`${base}/redirect-away`, allow));
    expect(error.message).toBe(urlImportTexts.blocked);
  });

  it("answers with the spec's messages", async () => {
    expect((await failure(importImageFromUrl('   '))).message).toBe(editorTexts.urlRequired);
    expect((await failure(importImageFromUrl('ftp://example.com/x.png'))).message).toBe(
      urlImportTexts.invalidUrl,
    );
    expect((await failure(importImageFromUrl('not a url'))).status).toBe(400);
    expect((await failure(importImageFromUrl(`${base}/missing.png`, allow))).message).toBe(
      `${editorTexts.urlFetchFailed} 404`,
    );
    expect((await failure(importImageFromUrl(`${base}/page`, allow))).message).toBe(
      editorTexts.urlNotImage,
    );
  });

  it('stops at 10 MB while streaming, at too many redirects, and at the time limit', async () => {
    const huge = await failure(importImageFromUrl(`${base}/huge`, allow));
    expect(huge.status).toBe(413);
    expect(huge.message).toBe(editorTexts.tooLarge);
    expect((await failure(importImageFromUrl(`${base}/loop`, allow))).message).toBe(
      urlImportTexts.tooManyRedirects,
    );
    const slow = await failure(importImageFromUrl(`${base}/slow`, { ...allow, timeoutMs: 300 }));
    expect(slow.message).toBe(urlImportTexts.timeout);
  });

  it('knows public from private addresses', () => {
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:4700::6810:84e5')).toBe(true);
    for (const a of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fe80::1',
      'fc00::1',
      '::ffff:10.0.0.1',
      '224.0.0.1',
      'nonsense',
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
  });
});
