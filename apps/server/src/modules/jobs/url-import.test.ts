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
      case '/redirect-v6':
        res.writeHead(302, { location: 'http://[::a9fe:a9fe]/latest/meta-data' });
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

// Every IPv6 form that leads to a loopback, private or link-local IPv4 address.
const ipv6FormsOfPrivateIPv4 = [
  '::ffff:127.0.0.1', // IPv4-mapped
  '::ffff:7f00:1', // IPv4-mapped, hex
  '::ffff:a9fe:a9fe', // IPv4-mapped 169.254.169.254, hex
  '::ffff:c0a8:101', // IPv4-mapped 192.168.1.1, hex
  '::127.0.0.1', // IPv4-compatible
  '::7f00:1', // IPv4-compatible 127.0.0.1, hex
  '::a9fe:a9fe', // IPv4-compatible 169.254.169.254
  '::a00:1', // IPv4-compatible 10.0.0.1
  '64:ff9b::7f00:1', // NAT64 127.0.0.1
  '64:ff9b::a9fe:a9fe', // NAT64 169.254.169.254
  '64:ff9b::10.0.0.1', // NAT64, dotted
  '2002:7f00:1::', // 6to4 127.0.0.1
  '2002:a9fe:a9fe::1', // 6to4 169.254.169.254
  '2002:c0a8:101::1', // 6to4 192.168.1.1
  '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client ~80ff:fffe = 127.0.0.1
  '2001:0:4136:e378:8000:63bf:5601:5601', // Teredo, client 169.254.169.254
  '2001:0:4136:e378:8000:63bf:f5ff:fffe', // Teredo, client 10.0.0.1
];

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
      ...ipv6FormsOfPrivateIPv4.map((a) => `http://[${a}]/x.png`),
    ]) {
      const error = await failure(importImageFromUrl(url));
      expect(error.status, url).toBe(400);
      expect(error.message).toBe(urlImportTexts.blocked);
    }
  });

  it('checks the address again after a redirect', async () => {
    for (const path of ['/redirect-away', '/redirect-v6']) {
      const error = await failure(importImageFromUrl(`${base}${path}`, allow));
      expect(error.message, path).toBe(urlImportTexts.blocked);
    }
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
      ...ipv6FormsOfPrivateIPv4,
      '::808:808', // IPv4-compatible is refused whatever it embeds
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
    // Transition addresses leading to a public IPv4 stay usable (NAT64 on IPv6-only networks).
    for (const a of [
      '::ffff:808:808',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    ]) {
      expect(isPublicAddress(a), a).toBe(true);
    }
  });
});
