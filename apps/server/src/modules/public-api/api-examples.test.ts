import { execFile, spawnSync } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  apiExampleApiKey,
  apiExampleInputFile,
  apiExampleOutputFile,
  apiExamples,
  publicRemoveResponseSchema,
  usageSchema,
} from '@cutout/contracts';
import type { EnginePool } from '@cutout/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts.js';
import { createProcessingApp, createTestEnginePool, photo } from '../../test/processing.js';
import { tempDir, type TestApp } from '../../test/test-app.js';
import { createApiKey } from '../api-keys/api-keys.service.js';

// The /api page's examples, run unchanged (only the key filled in) against a running server:
// what a developer copies from the page must work.

const run = promisify(execFile);
const hasPythonRequests = spawnSync('python3', ['-c', 'import requests']).status === 0;

let engine: EnginePool;
let t: TestApp;
let work: ReturnType<typeof tempDir>;
let examples: ReturnType<typeof apiExamples>;
let key: string;
let base: string;

beforeAll(async () => {
  engine = createTestEnginePool();
  t = await createProcessingApp(engine);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  examples = apiExamples(base);
  const user = await signUp(t.app);
  key = (await createApiKey(t.app.database.db, user.id, 'examples')).key;
  work = tempDir('cutout-api-examples-');
  await writeFile(path.join(work.dir, apiExampleInputFile), (await photo()).file);
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
  work?.remove();
});

const withKey = (text: string) => text.replaceAll(apiExampleApiKey, key);

async function shell(command: string): Promise<string> {
  const { stdout } = await run('bash', ['-c', withKey(command)], {
    cwd: work.dir,
    timeout: 60_000,
  });
  return stdout;
}

describe('API documentation examples', () => {
  it('the curl JSON example removes a background and answers with the three addresses', async () => {
    const body = publicRemoveResponseSchema.parse(
      JSON.parse(await shell(examples.rest.removeBackground)),
    );
    expect(body.width).toBe(480);
    expect(body.credits_charged).toBe(1);
    // Addresses are built on PUBLIC_URL; this test server listens on a port of its own.
    const signed = new URL(body.results.refined);
    const refined = await fetch(`${base}${signed.pathname}${signed.search}`);
    expect(refined.status).toBe(200);
    expect(refined.headers.get('content-type')).toBe('image/png');
  });

  it('the curl image example saves the cut-out PNG and prints the headers', async () => {
    const headers = await shell(examples.rest.removeBackgroundPng);
    expect(headers).toMatch(/x-credits-charged: 1/i);
    expect(headers).toMatch(/x-width: 480/i);
    const saved = await readFile(path.join(work.dir, apiExampleOutputFile));
    const meta = await sharp(saved).metadata();
    expect(meta.format).toBe('png');
    expect(meta.channels).toBe(4);
  });

  it('the usage example reports the images just processed', async () => {
    const usage = usageSchema.parse(JSON.parse(await shell(examples.rest.usage)));
    expect(usage.images_processed).toBe(2);
    expect(usage.credits).toBe(8);
  });

  it("the remove.bg-style curl example works against Cutout's /v1.0/removebg", async () => {
    await rm(path.join(work.dir, apiExampleOutputFile));
    await shell(examples.rest.removeBg);
    const meta = await sharp(await readFile(path.join(work.dir, apiExampleOutputFile))).metadata();
    expect([meta.format, meta.width, meta.channels]).toEqual(['png', 480, 4]);
  });

  it('the JavaScript example runs with Node and the typed client as shown', async () => {
    // What `npm install /path/to/cutout/packages/client` gives: the client built to JavaScript,
    // with openapi-fetch beside it.
    const repo = path.resolve(import.meta.dirname, '../../../../..');
    const installed = path.join(work.dir, 'node_modules', '@cutout', 'client');
    await mkdir(installed, { recursive: true });
    await copyFile(
      path.join(repo, 'packages/client/package.json'),
      path.join(installed, 'package.json'),
    );
    await run(
      process.execPath,
      [
        path.join(repo, 'node_modules/typescript/bin/tsc'),
        '-p',
        path.join(repo, 'packages/client/tsconfig.build.json'),
        '--outDir',
        path.join(installed, 'dist'),
      ],
      { timeout: 120_000 },
    );
    await symlink(
      path.join(repo, 'node_modules/openapi-fetch'),
      path.join(work.dir, 'node_modules/openapi-fetch'),
    );
    const script = path.join(work.dir, 'remove-background.mjs');
    await writeFile(script, withKey(examples.javascript));
    const { stdout } = await run(process.execPath, [script], { cwd: work.dir, timeout: 60_000 });
    expect(stdout).toContain(`saved ${apiExampleOutputFile} (480x360), credits charged: 1`);
    expect(stdout).toContain('images_processed');
  });

  it.skipIf(!hasPythonRequests)(
    'the Python example runs with python3 and requests as shown',
    async () => {
      const script = path.join(work.dir, 'remove_background.py');
      await writeFile(script, withKey(examples.python));
      const { stdout } = await run('python3', [script], { cwd: work.dir, timeout: 60_000 });
      expect(stdout).toContain(`saved ${apiExampleOutputFile} (480x360), credits charged: 1`);
      expect(stdout).toContain("'images_processed_this_month': 5");
    },
  );
});
