import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { EnginePool } from '@cutout/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts.js';
import {
  createProcessingApp,
  createTestEnginePool,
  photo,
  uploadJob,
} from '../../test/processing.js';
import { startTestS3, type TestS3 } from '../../test/s3-server.js';
import { loadConfig } from '../../config.js';
import { parseStorageUrl, S3Store } from './s3-store.js';

// The S3-compatible store against a real S3 server (s3rver) on loopback: the same contract as
// the local directory, and the whole job path with results only in the bucket.

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.stop();
});

describe('S3Store', () => {
  it('puts, reads, streams, lists and deletes by prefix; missing keys are undefined', async () => {
    const store = new S3Store(parseStorageUrl(`${s3.url}&forcePathStyle=true`));
    try {
      await store.put('job-a/original', Buffer.from('original bytes'));
      await store.put('job-a/refined.png', Buffer.from('refined'));
      await store.put('job-b/original', Buffer.from('b'));
      expect((await store.read('job-a/original'))?.toString()).toBe('original bytes');
      const opened = await store.open('job-a/refined.png');
      expect(opened?.size).toBe(7);
      const chunks: Buffer[] = [];
      for await (const chunk of opened!.stream) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('refined');
      expect((await store.listPrefixes()).sort()).toEqual(['job-a', 'job-b']);

      await store.deletePrefix('job-a');
      expect(await store.read('job-a/original')).toBeUndefined();
      expect(await store.open('job-a/refined.png')).toBeUndefined();
      expect(await store.listPrefixes()).toEqual(['job-b']);
      // Deleting what is not there is not an error; a bad key never reaches the bucket.
      await store.deletePrefix('job-a');
      await expect(store.put('../escape', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
      await store.deletePrefix('job-b');
    } finally {
      store.close();
    }
  });

  it('keeps one install under its key prefix', async () => {
    const a = new S3Store(parseStorageUrl(s3.url.replace('?', '/install-a?')));
    const b = new S3Store(parseStorageUrl(s3.url.replace('?', '/install-b?')));
    try {
      await a.put('job-1/original', Buffer.from('a'));
      await b.put('job-2/original', Buffer.from('b'));
      expect(await a.listPrefixes()).toEqual(['job-1']);
      expect(await b.listPrefixes()).toEqual(['job-2']);
      expect(await b.read('job-1/original')).toBeUndefined();
      await a.deletePrefix('job-1');
      await b.deletePrefix('job-2');
    } finally {
      a.close();
      b.close();
    }
  });

  it('names what is wrong with STORAGE_URL', () => {
    const bad = (value: string, extra: Record<string, string> = {}) => {
      try {
        loadConfig({ NODE_ENV: 'test', STORAGE_URL: value, ...extra });
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(bad('https://bucket')).toMatch(/STORAGE_URL: must start with s3:\/\//);
    expect(bad('s3://B_d')).toMatch(/STORAGE_URL: must name a valid bucket/);
    expect(bad('s3://bucket?endpoint=ftp://x')).toMatch(/endpoint= must be an http/);
    expect(bad('s3://key@bucket')).toMatch(/needs both the access key id and the secret/);
    expect(bad('s3://bucket', { STORAGE_ACCESS_KEY_ID: 'k', STORAGE_SECRET_ACCESS_KEY: 's' })).toBe(
      'accepted',
    );
  });
});

describe('jobs with results in an S3-compatible bucket', () => {
  let engine: EnginePool;
  beforeAll(() => {
    engine = createTestEnginePool();
  });
  afterAll(async () => {
    await engine.close();
  });

  it('stores the original and the three results in the bucket, serves them, and deletes them', async () => {
    const t = await createProcessingApp(engine, { STORAGE_URL: s3.url });
    try {
      const user = await signUp(t.app);
      const picture = await photo();
      const created = await uploadJob(t.app, user.cookie, {
        name: 'cat.jpg',
        type: 'image/jpeg',
        data: picture.file,
      });
      expect(created.statusCode).toBe(202);
      const id = created.json<{ id: string }>().id;
      expect((await t.app.processing.jobs.waitUntilFinished(id)).status).toBe('completed');

      // s3rver keeps each object as `{key}._S3rver_object` under its bucket folder; the local
      // results directory stays empty.
      const bucketDir = path.join(s3.directory, s3.bucket, id);
      const objects = () =>
        existsSync(bucketDir)
          ? readdirSync(bucketDir)
              .filter((f) => f.endsWith('._S3rver_object'))
              .map((f) => f.replace('._S3rver_object', ''))
              .sort()
          : [];
      expect(objects()).toEqual(['original', 'refined.png', 'transparent_bg.png', 'white_bg.png']);
      expect(existsSync(path.join(t.config.jobs.resultsDir, id))).toBe(false);

      const result = await t.app.inject({
        url: `/api/jobs/${id}/results/refined`,
        headers: { cookie: user.cookie },
      });
      expect(result.statusCode).toBe(200);
      expect(result.headers['content-type']).toBe('image/png');
      expect(result.rawPayload.subarray(1, 4).toString()).toBe('PNG');

      await t.app.database.db
        .updateTable('jobs')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('id', '=', id)
        .execute();
      expect(await t.app.processing.jobs.cleanup()).toBe(1);
      expect(objects()).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
