import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from '../../plugins/errors.js';
import { SAMPLES_VERSION, renderSample, sampleIds } from './render-samples.js';
import { samplesRoutes } from './samples.routes.js';
import { createSampleCatalog, type SampleCatalog } from './samples.service.js';

// Not the shared test-app helper: these tests need no database, auth or the rest of the app.
function tempDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'cutout-samples-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

// Rendering is CPU work (~1 s for all four on an idle 2-core machine); the limits leave room
// for a busy one.
const RENDER_TIMEOUT = 120_000;

describe('sample rendering', () => {
  it(
    'draws the same picture every time, about 1200×900, JPEG under 400 KB',
    async () => {
      for (const id of sampleIds) {
        const [a, b] = await Promise.all([renderSample(id), renderSample(id)]);
        expect(a.jpeg.equals(b.jpeg), id).toBe(true);
        expect(a.thumbnail.equals(b.thumbnail), id).toBe(true);
        expect(a.mask.equals(b.mask), id).toBe(true);
        expect(a.jpeg.length, id).toBeLessThan(400 * 1024);
        expect(Math.max(a.width, a.height), id).toBe(1200);
        expect(Math.min(a.width, a.height), id).toBe(900);
        const thumb = await sharp(a.thumbnail).metadata();
        expect(thumb.format).toBe('webp');
        expect(thumb.width).toBe(320);
        // The subject is a clear part of the picture, neither a speck nor the whole frame.
        let inside = 0;
        for (const v of a.mask) if (v === 255) inside++;
        const share = inside / a.mask.length;
        expect(share, id).toBeGreaterThan(0.08);
        expect(share, id).toBeLessThan(0.6);
      }
    },
    RENDER_TIMEOUT,
  );
});

describe('sample catalog', () => {
  const tmp = tempDir();
  afterAll(() => tmp.remove());

  it(
    'lists the four samples with their names, addresses and sizes',
    async () => {
      const catalog = await createSampleCatalog(tmp.dir);
      expect(catalog.list().map((s) => s.name)).toEqual([
        'Studio Portrait',
        'Product Photo',
        'Landscape',
        'Fashion',
      ]);
      expect(catalog.list()[0]).toEqual({
        id: 'studio-portrait',
        name: 'Studio Portrait',
        url: '/api/samples/studio-portrait/image',
        thumbnail: '/api/samples/studio-portrait/thumbnail',
        width: 1200,
        height: 900,
      });
      expect(catalog.get('fashion')).toMatchObject({ type: 'image/jpeg', fileName: 'fashion.jpg' });
      expect(catalog.thumbnail('landscape')?.type).toBe('image/webp');
      expect(catalog.get('nope')).toBeUndefined();
      expect(catalog.thumbnail('nope')).toBeUndefined();
    },
    RENDER_TIMEOUT,
  );

  it(
    'renders into samples/v{N} once and reuses the files from then on',
    async () => {
      const versionDir = path.join(tmp.dir, `v${SAMPLES_VERSION}`);
      await createSampleCatalog(tmp.dir);
      expect((await readdir(versionDir)).sort()).toEqual(
        sampleIds.flatMap((id) => [`${id}.jpg`, `${id}.thumb.webp`]).sort(),
      );
      // A file already in the cache is served as it is, not drawn again.
      const marker = await sharp({
        create: { width: 40, height: 30, channels: 3, background: '#123456' },
      })
        .jpeg()
        .toBuffer();
      await writeFile(path.join(versionDir, 'landscape.jpg'), marker);
      const catalog = await createSampleCatalog(tmp.dir);
      expect(catalog.get('landscape')?.bytes.equals(marker)).toBe(true);
      expect(catalog.list().find((s) => s.id === 'landscape')).toMatchObject({
        width: 40,
        height: 30,
      });
      expect(
        catalog.get('fashion')?.bytes.equals(await readFile(path.join(versionDir, 'fashion.jpg'))),
      ).toBe(true);
    },
    RENDER_TIMEOUT,
  );
});

describe('GET /api/samples', () => {
  const tmp = tempDir();
  let app: FastifyInstance;
  let catalog: SampleCatalog;
  beforeAll(async () => {
    catalog = await createSampleCatalog(tmp.dir);
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    await app.register(samplesRoutes, { catalog });
    await app.ready();
  }, RENDER_TIMEOUT);
  afterAll(async () => {
    await app.close();
    tmp.remove();
  });

  it('lists the samples', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/samples' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(catalog.list());
  });

  it('serves each image and thumbnail as a decodable, cacheable picture', async () => {
    for (const sample of catalog.list()) {
      const image = await app.inject({ method: 'GET', url: sample.url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/jpeg');
      expect(image.headers['cache-control']).toBe('public, max-age=86400');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'jpeg', width: sample.width, height: sample.height });

      const thumb = await app.inject({ method: 'GET', url: sample.thumbnail });
      expect(thumb.statusCode).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
      expect(thumb.headers['cache-control']).toBe('public, max-age=86400');
      expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    }
  });

  it('answers 404 in the error shape for an unknown sample', async () => {
    for (const url of ['/api/samples/unknown/image', '/api/samples/unknown/thumbnail']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        error: { code: 'not_found', message: 'There is no sample image with that id.' },
      });
    }
  });
});
