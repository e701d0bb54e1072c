import { randomBytes } from 'node:crypto';
import { createEnginePool, type EnginePool } from '@cutout/engine';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect } from 'vitest';
import { encodeScene, makeScene, type Scene } from '../../../../packages/engine/test/synthetic.js';
import { createTestApp, type TestApp } from './test-app.js';

// Helpers for tests of the processing service: a real engine pool on the small u2netp model
// (shared by the apps of a test file), photo-like images drawn on the spot, multipart bodies.

export function createTestEnginePool(): EnginePool {
  return createEnginePool({ model: 'u2netp', workers: 1, threads: 1, maxQueue: 4 });
}

export async function createProcessingApp(
  engine: EnginePool,
  env: Record<string, string> = {},
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<TestApp> {
  return createTestApp({ ...options, engine, env: { ...env, ...options.env } });
}

export interface EngineFixture {
  /** The file's engine pool, made before its tests and closed after them. */
  readonly engine: EnginePool;
  /** A photo-like image drawn once for the file. */
  readonly picture: Photo;
  /** Options for `onBothDialects`: its apps share the file's engine (filled before they are built). */
  readonly appOptions: { engine?: EnginePool; env?: Record<string, string> };
}

/**
 * One engine pool and one drawn photo for a whole test file: registers the hooks that make and
 * close them and returns the object they fill, to read inside hooks and tests. Call it at the top
 * of the file, before any suite, so the engine exists before the suites build their apps.
 */
export function useTestEngine(
  options: {
    picture?: { width?: number; height?: number; seed?: number };
    /** Extra environment for the apps built from `appOptions`. */
    env?: Record<string, string>;
  } = {},
) {
  const fixture = { appOptions: { env: options.env } } as {
    -readonly [K in keyof EngineFixture]: EngineFixture[K];
  };
  beforeAll(async () => {
    fixture.engine = createTestEnginePool();
    fixture.appOptions.engine = fixture.engine;
    const { width, height, seed } = options.picture ?? {};
    fixture.picture = await photo(width, height, seed);
  }, 60_000);
  afterAll(async () => {
    await fixture.engine?.close();
  });
  return fixture as EngineFixture;
}

export interface ProcessingFixture extends EngineFixture {
  /** One app (SQLite) on the file's engine. */
  readonly app: FastifyInstance;
}

/** `useTestEngine` with one app on that engine for the whole file, closed before the engine. */
export function useProcessingApp(
  env: Record<string, string> = {},
  picture?: NonNullable<Parameters<typeof useTestEngine>[0]>['picture'],
): ProcessingFixture {
  const fixture = useTestEngine({ picture }) as EngineFixture & { app: FastifyInstance };
  let t: TestApp | undefined;
  // Loading the model can take a while on a busy machine.
  beforeAll(async () => {
    t = await createProcessingApp(fixture.engine, env);
    fixture.app = t.app;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });
  return fixture;
}

export interface Photo {
  file: Buffer;
  scene: Scene;
}

export async function photo(width = 480, height = 360, seed = 3): Promise<Photo> {
  const scene = await makeScene({ width, height, seed, shape: 'ellipse' });
  return { file: await encodeScene(scene), scene };
}

export interface Upload {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}

/** A multipart/form-data body as a browser sends it: fields first, then the file (or files). */
export function multipart(
  upload: Upload | readonly Upload[] | undefined,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----cutout${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const file of upload === undefined ? [] : Array.isArray(upload) ? upload : [upload]) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/jobs with an upload, as the editor does. */
export function uploadJob(
  app: FastifyInstance,
  cookie: string | undefined,
  upload: Upload,
  url = '/api/jobs',
) {
  const body = multipart(upload);
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}) },
  });
}

/** POST /remove-background/ with a photo, as the editor does, answered as JSON: the job's id. */
export async function removeBackground(
  app: FastifyInstance,
  cookie: string,
  upload: Upload,
): Promise<string> {
  const body = multipart(upload);
  const res = await app.inject({
    method: 'POST',
    url: '/remove-background/',
    payload: body.payload,
    headers: { ...body.headers, cookie, accept: 'application/json' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string }>().id;
}

/** An image's pixels as RGBA, and the four channels at a point. */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  at: (x: number, y: number) => number[];
}

export async function pixels(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    data,
    width: info.width,
    height: info.height,
    at: (x, y) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)],
  };
}
