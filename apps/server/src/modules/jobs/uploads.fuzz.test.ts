import { createEnginePool, type EnginePool } from '@cutout/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts.js';
import { hostileImages, type HostileImage } from '../../test/hostile-images.js';
import { createProcessingApp, uploadJob } from '../../test/processing.js';
import type { TestApp } from '../../test/test-app.js';
import { addCredits } from '../credits/credits.service.js';

// Issue 17's fuzzing: at least 1,000 hostile images made from valid seeds go through the real
// server and engine, as uploads from one account. Every one must end in a 4xx answer (at upload,
// or as the job's failure) or a correct result; no worker may crash (an uncaught worker error is
// a console.error, which fails the test); and the account pays for exactly the images that
// produced a result.

const COUNT = 1_000;
const IN_FLIGHT = 4;

let engine: EnginePool;
let t: TestApp;
let images: HostileImage[];
beforeAll(async () => {
  // Two single-threaded workers: CI machines have two cores, and most of the time goes to the
  // images that decode and are processed in full.
  engine = createEnginePool({ model: 'u2netp', workers: 2, threads: 1, maxQueue: 4 });
  t = await createProcessingApp(engine, { JOB_QUEUE_SIZE: '64' });
  images = await hostileImages(COUNT);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await engine?.close();
});

interface Outcome {
  name: string;
  /** Upload status, then the job's end: completed, or failed with its code. */
  upload: number;
  end?: string;
  problem?: string;
}

describe('fuzzing the upload path', () => {
  it(`answers ${COUNT}+ hostile images with a 4xx or a correct result, charging only results`, async () => {
    expect(images.length).toBeGreaterThanOrEqual(COUNT);
    const user = await signUp(t.app);
    const db = t.app.database.db;
    const start = await addCredits(db, user.id, {
      kind: 'grant',
      amount: COUNT * 2,
      reason: 'fuzz test',
      reference: null,
    });

    const outcomes: Outcome[] = [];
    const one = async (image: HostileImage): Promise<Outcome> => {
      const res = await uploadJob(t.app, user.cookie, {
        name: 'hostile.bin',
        type: 'application/octet-stream',
        data: image.data,
      });
      if (res.statusCode !== 202) {
        const ok = res.statusCode >= 400 && res.statusCode < 500 && res.statusCode !== 402;
        return {
          name: image.name,
          upload: res.statusCode,
          ...(ok ? {} : { problem: `upload answered ${res.statusCode}: ${res.body}` }),
        };
      }
      const job = await t.app.processing.jobs.waitUntilFinished(res.json<{ id: string }>().id);
      if (job.status === 'failed') {
        // The codes of 4xx failures (jobs.errors statusForJobError); 'internal' is a 500.
        const fourXX = ['unsupported_media_type', 'payload_too_large', 'unprocessable'];
        return {
          name: image.name,
          upload: 202,
          end: `failed:${job.error_code}`,
          ...(fourXX.includes(job.error_code ?? '')
            ? {}
            : { problem: `job failed with ${job.error_code}: ${job.error_message}` }),
        };
      }
      if (job.status !== 'completed') {
        return { name: image.name, upload: 202, problem: `job ended ${job.status}` };
      }
      // A correct result: a PNG of the size the job reports, for every variant.
      for (const variant of ['refined', 'white_bg', 'transparent_bg']) {
        const result = await t.app.inject({
          method: 'GET',
          url: `/api/jobs/${job.id}/results/${variant}`,
          headers: { cookie: user.cookie },
        });
        const meta =
          result.statusCode === 200 ? await sharp(result.rawPayload).metadata() : undefined;
        if (meta?.format !== 'png' || meta.width !== job.width || meta.height !== job.height) {
          return {
            name: image.name,
            upload: 202,
            problem: `${variant}: ${result.statusCode} ${meta?.format} ${meta?.width}×${meta?.height}, job says ${job.width}×${job.height}`,
          };
        }
      }
      return { name: image.name, upload: 202, end: 'completed' };
    };

    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < images.length) outcomes.push(await one(images[next++]!));
      }),
    );

    const tally = new Map<string, number>();
    for (const o of outcomes) {
      const key = o.upload === 202 ? (o.end ?? 'problem') : `upload ${o.upload}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    // The mix, for the record (a figure the closing note quotes).
    process.stdout.write(
      `fuzz: ${outcomes.length} hostile images → ${JSON.stringify(Object.fromEntries(tally))}\n`,
    );
    const problems = outcomes.filter((o) => o.problem);
    expect(problems.map((o) => `${o.name}: ${o.problem}`)).toEqual([]);
    expect(outcomes).toHaveLength(images.length);

    const completed = outcomes.filter((o) => o.end === 'completed').length;
    const balance = await db
      .selectFrom('users')
      .select('credits')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(Number(balance.credits)).toBe(start - completed);
    // The mix is really hostile and really processed: both ends occur in numbers.
    expect(completed).toBeGreaterThan(50);
    expect(
      outcomes.filter((o) => o.upload !== 202 || o.end !== 'completed').length,
    ).toBeGreaterThan(300);
    // The engine's workers are all still there and idle.
    expect(engine.stats()).toMatchObject({ running: 0, queued: 0 });
  }, 900_000);
});
