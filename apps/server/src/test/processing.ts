import { randomBytes } from 'node:crypto';
import { createEnginePool, type EnginePool } from '@cutout/engine';
import type { FastifyInstance } from 'fastify';
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
