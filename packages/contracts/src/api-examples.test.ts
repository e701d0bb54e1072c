import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiExampleApiKey,
  apiExampleDefaultBaseUrl,
  apiExampleInputFile,
  apiExampleOutputFile,
  apiExamples,
} from './api-examples.js';
import { publicApiPaths } from './public-api.js';

// The examples run unchanged against a stand-in for the public API on loopback: this checks
// that each one is a valid program sending what the API expects (method, path, bearer key,
// multipart field `file`, Accept). The server's own test runs every example against Cutout.

const run = promisify(execFile);
const pngBytes = Buffer.from('89504e470d0a1a0a', 'hex');
const removeAnswer = {
  id: 'job_1',
  width: 2,
  height: 2,
  credits_charged: 1,
  credits_remaining: 9,
  results: { refined: '/r', white_bg: '/w', transparent_bg: '/t' },
  expires_at: '2030-01-01T00:00:00.000Z',
};
const usageAnswer = { credits: 9, images_processed: 1, images_processed_this_month: 1 };

type Seen = { method: string; url: string; auth: string; accept: string; body: string };
let seen: Seen[] = [];
let server: Server;
let baseUrl: string;
let workDir: string;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('latin1');
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void readBody(request).then((body) => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        auth: request.headers.authorization ?? '',
        accept: request.headers.accept ?? '',
        body,
      });
      const key =
        request.headers['x-api-key'] ?? request.headers.authorization?.replace(/^Bearer /, '');
      if (key !== apiExampleApiKey) {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: 'unauthorized', message: 'No key' } }));
      } else if (request.url === publicApiPaths.usage) {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(usageAnswer));
      } else if (request.headers.accept === 'application/json') {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(removeAnswer));
      } else {
        response.writeHead(200, {
          'content-type': 'image/png',
          'x-width': '2',
          'x-height': '2',
          'x-credits-charged': '1',
        });
        response.end(pngBytes);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  workDir = mkdtempSync(path.join(tmpdir(), 'cutout-api-examples-'));
  writeFileSync(path.join(workDir, apiExampleInputFile), Buffer.from('ffd8ffe0', 'hex'));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(workDir, { recursive: true, force: true });
});

function expectUpload(request: Seen | undefined, url: string = publicApiPaths.removeBackground) {
  expect(request?.method).toBe('POST');
  expect(request?.url).toBe(url);
  if (url === publicApiPaths.removeBackground) {
    expect(request?.auth).toBe(`Bearer ${apiExampleApiKey}`);
  }
  expect(request?.body).toMatch(
    new RegExp(`name="image_file"; filename="${apiExampleInputFile.replace('.', '\\.')}"`),
  );
}

const hasPythonRequests = spawnSync('python3', ['-c', 'import requests']).status === 0;

describe('apiExamples', () => {
  it('puts the base URL in every example, without a trailing slash', () => {
    const examples = apiExamples('https://cutout.example/');
    for (const text of Object.values(examples.rest)) {
      expect(text).toMatch(/'https:\/\/cutout\.example\/(api\/v1|v1\.0)\//);
    }
    expect(examples.javascript).toContain("baseUrl: 'https://cutout.example',");
    expect(examples.python).toContain('BASE_URL = "https://cutout.example"');
    for (const text of [...Object.values(examples.rest), examples.javascript, examples.python]) {
      expect(text).not.toContain("cutout.example/'");
      expect(text).toContain(apiExampleApiKey);
    }
    expect(apiExamples(apiExampleDefaultBaseUrl).rest.usage).toContain(apiExampleDefaultBaseUrl);
  });

  it('refuses a base URL that would break the quoting', () => {
    expect(() => apiExamples("https://x'; rm -rf ~; '")).toThrow(/Unsafe/);
  });

  it('runs the curl examples as single shell commands', async () => {
    const { rest } = apiExamples(baseUrl);
    seen = [];
    const json = await run('sh', ['-c', rest.removeBackground], { cwd: workDir });
    expect(JSON.parse(json.stdout)).toEqual(removeAnswer);
    expectUpload(seen[0]);

    expect(seen[0]?.accept).toBe('application/json');
    expect(seen[0]?.body).toMatch(/name="variant"\r\n\r\nall/);

    const png = await run('sh', ['-c', rest.removeBackgroundPng], { cwd: workDir });
    expectUpload(seen[1]);
    expect(png.stdout).toMatch(/x-credits-charged: 1/i);
    expect(readFileSync(path.join(workDir, apiExampleOutputFile))).toEqual(pngBytes);

    const usage = await run('sh', ['-c', rest.usage], { cwd: workDir });
    expect(JSON.parse(usage.stdout)).toEqual(usageAnswer);
    expect(seen[2]).toMatchObject({ method: 'GET', url: publicApiPaths.usage });

    await run('sh', ['-c', rest.removeBg], { cwd: workDir });
    expectUpload(seen[3], publicApiPaths.removeBgCompatible);
  });

  // The JavaScript example needs the typed client (@cutout/client) installed: the server's
  // api-examples.test.ts builds and installs it, then runs the example against Cutout itself.
  it('the JavaScript example calls both paths through the typed client', () => {
    const { javascript } = apiExamples(baseUrl);
    expect(javascript).toContain("from '@cutout/client'");
    expect(javascript).toContain(`cutout.POST('${publicApiPaths.removeBackground}'`);
    expect(javascript).toContain(`cutout.GET('${publicApiPaths.usage}')`);
  });

  it.skipIf(!hasPythonRequests)(
    'runs the Python example (needs python3 with requests)',
    async () => {
      seen = [];
      writeFileSync(path.join(workDir, 'example.py'), apiExamples(baseUrl).python);
      const { stdout } = await run('python3', ['example.py'], { cwd: workDir });
      expectUpload(seen[0]);
      expect(seen[1]).toMatchObject({ method: 'GET', url: publicApiPaths.usage });
      expect(stdout).toContain(`saved ${apiExampleOutputFile} (2x2), credits charged: 1`);
      expect(stdout).toContain("'images_processed_this_month': 1");
    },
  );
});
