import { execFile, spawnSync } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
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

  it('the client packs, installs offline outside the repository, and the example runs as JavaScript and TypeScript', async () => {
    // What a developer does (packages/client/README.md): `npm pack` the client, which builds it
    // on prepack, and install the tarball in a folder of their own. Its one dependency,
    // openapi-fetch, is packed beside it from this install (no network here), with its own.
    const repo = path.resolve(import.meta.dirname, '../../../../..');
    const tarballs = path.join(work.dir, 'tarballs');
    const app = path.join(work.dir, 'app');
    await mkdir(tarballs, { recursive: true });
    await mkdir(app, { recursive: true });
    // The child npm must not take this run's npm settings (npm test sets npm_config_*).
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)),
    );
    const npm = (args: string[], cwd: string) =>
      run('npm', args, { cwd, env, timeout: 180_000, maxBuffer: 8 << 20 });
    const packed = async (dir: string, scripts: boolean) => {
      const { stdout } = await npm(
        [
          'pack',
          '--json',
          '--pack-destination',
          tarballs,
          ...(scripts ? [] : ['--ignore-scripts']),
        ],
        dir,
      );
      return path.join(tarballs, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
    };
    const client = await packed(path.join(repo, 'packages/client'), true);
    const fetchPackage = await packed(path.join(repo, 'node_modules/openapi-fetch'), false);
    const helpers = await packed(path.join(repo, 'node_modules/openapi-typescript-helpers'), false);
    await writeFile(
      path.join(app, 'package.json'),
      JSON.stringify({ name: 'client-user', private: true, type: 'module' }),
    );
    await npm(
      [
        'install',
        '--offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        client,
        fetchPackage,
        helpers,
      ],
      app,
    );
    const installed = path.join(app, 'node_modules/@cutout/client');
    const manifest = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')) as {
      exports: Record<string, Record<string, string>>;
    };
    // Every address the package exports is in the tarball.
    for (const [entry, targets] of Object.entries(manifest.exports)) {
      for (const [condition, target] of Object.entries(targets)) {
        await expect(
          readFile(path.join(installed, target)).then(() => true),
          `${entry} (${condition}) → ${target}`,
        ).resolves.toBe(true);
      }
    }
    // Nothing in the package refers to the monorepo.
    const built = await readFile(path.join(installed, 'dist/index.js'), 'utf8');
    expect(built).not.toMatch(/\.\.\/\.\.\/|tsconfig\.base|@cutout\/contracts/);

    const example = withKey(examples.javascript);
    await copyFile(path.join(work.dir, apiExampleInputFile), path.join(app, apiExampleInputFile));
    // As JavaScript, run by Node.
    await writeFile(path.join(app, 'remove-background.mjs'), example);
    const js = await run(process.execPath, ['remove-background.mjs'], {
      cwd: app,
      timeout: 60_000,
    });
    expect(js.stdout).toContain(`saved ${apiExampleOutputFile} (480x360), credits charged: 1`);
    expect(js.stdout).toContain('images_processed');
    // As TypeScript, compiled by the repository's tsc against the installed package's types.
    await writeFile(path.join(app, 'remove-background.mts'), example);
    await writeFile(
      path.join(app, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          outDir: 'out',
          typeRoots: [path.join(repo, 'node_modules/@types')],
          types: ['node'],
        },
        files: ['remove-background.mts'],
      }),
    );
    await run(process.execPath, [path.join(repo, 'node_modules/typescript/bin/tsc'), '-p', app], {
      cwd: app,
      timeout: 120_000,
    });
    const ts = await run(process.execPath, ['out/remove-background.mjs'], {
      cwd: app,
      timeout: 60_000,
    });
    expect(ts.stdout).toContain(`saved ${apiExampleOutputFile} (480x360), credits charged: 1`);
    // Three npm runs, a tsc build and a tsc check: about 20 s alone, a minute on a busy machine.
  }, 240_000);

  it("the client's README shows the /api page's example", async () => {
    const repo = path.resolve(import.meta.dirname, '../../../../..');
    const readme = await readFile(path.join(repo, 'packages/client/README.md'), 'utf8');
    expect(readme).toContain(apiExamples('https://cutout.example').javascript);
  });

  it.skipIf(!hasPythonRequests)(
    'the Python example runs with python3 and requests as shown',
    async () => {
      const script = path.join(work.dir, 'remove_background.py');
      await writeFile(script, withKey(examples.python));
      const { stdout } = await run('python3', [script], { cwd: work.dir, timeout: 60_000 });
      expect(stdout).toContain(`saved ${apiExampleOutputFile} (480x360), credits charged: 1`);
      expect(stdout).toContain("'images_processed_this_month': 6");
    },
  );
});
