import { afterAll, describe, expect, it } from 'vitest';
import {
  AbortedError,
  CorruptImageError,
  createEnginePool,
  ImageTooLargeError,
  PoolClosedError,
  QueueFullError,
  TimedOutError,
  type EnginePool,
  type Stage,
} from '../src/index.js';
import { alphaOf, expectMaskIoU } from './helpers.js';
import { encodeScene, makeScene } from './synthetic.js';

// These run the real worker threads from the TypeScript sources (through the tsx bootstrap),
// which is also how the CLI runs before a build.
describe('engine pool', () => {
  const pools: EnginePool[] = [];
  const pool = (options: Parameters<typeof createEnginePool>[0]): EnginePool => {
    const created = createEnginePool({ model: 'u2netp', threads: 1, ...options });
    pools.push(created);
    return created;
  };
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it('runs in a worker, reports progress per stage and returns Buffers', async () => {
    const engine = pool({ workers: 1 });
    const scene = await makeScene({ width: 480, height: 360, seed: 11 });
    const seen: [Stage, number][] = [];
    const result = await engine.run(
      await encodeScene(scene),
      {},
      {
        onProgress: (stage, fraction) => seen.push([stage, fraction]),
      },
    );
    expect(Buffer.isBuffer(result.outputs.refined!.data)).toBe(true);
    await expectMaskIoU(
      'pool-refined',
      await alphaOf(result.outputs.refined!.data),
      scene.mask,
      0.9,
    );
    const stages = [...new Set(seen.map(([s]) => s))];
    expect(stages).toEqual(['decode', 'preprocess', 'inference', 'refine', 'encode']);
    expect(seen.at(-1)).toEqual(['encode', 1]);
    expect(engine.stats()).toMatchObject({
      completed: 1,
      failed: 0,
      running: 0,
      queued: 0,
      model: 'u2netp',
      workers: 1,
    });
  });

  it('rebuilds typed errors on the caller side and keeps working after them', async () => {
    const engine = pool({ workers: 1, limitInputPixels: 10_000 });
    const corrupt = await engine
      .run(Buffer.from([0xff, 0xd8, 0xff, 0x00, 1, 2, 3]))
      .catch((e: unknown) => e);
    expect(corrupt).toBeInstanceOf(CorruptImageError);
    expect(corrupt).toMatchObject({ code: 'corrupt_image', name: 'CorruptImageError' });
    const scene = await makeScene({ width: 200, height: 100, seed: 1 });
    const large = await engine.run(await encodeScene(scene)).catch((e: unknown) => e);
    expect(large).toBeInstanceOf(ImageTooLargeError);
    expect((large as Error).message).toBe(
      'This image is 200×100 pixels (0.02 MP); the limit is 0.01 MP.',
    );
    const small = await makeScene({ width: 100, height: 80, seed: 1 });
    await expect(engine.run(await encodeScene(small))).resolves.toMatchObject({ width: 100 });
    expect(engine.stats()).toMatchObject({ completed: 1, failed: 2 });
  });

  it('refuses work beyond the bounded queue with QueueFullError', async () => {
    const engine = pool({ workers: 1, maxQueue: 1 });
    const input = await encodeScene(await makeScene({ width: 320, height: 240, seed: 12 }));
    const settled = await Promise.allSettled(Array.from({ length: 5 }, () => engine.run(input)));
    const rejected = settled.filter((s) => s.status === 'rejected');
    // One running plus one waiting are accepted; the other three are refused at once.
    expect(rejected.length).toBe(3);
    for (const r of rejected)
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(QueueFullError);
    expect(settled.filter((s) => s.status === 'fulfilled').length).toBe(2);
  });

  it('cancels a queued task and a running task, and the pool carries on', async () => {
    const engine = pool({ workers: 1 });
    const input = await encodeScene(await makeScene({ width: 640, height: 480, seed: 13 }));
    const first = engine.run(input);
    const queued = new AbortController();
    const second = engine.run(input, {}, { signal: queued.signal });
    queued.abort();
    await expect(second).rejects.toBeInstanceOf(AbortedError);
    await expect(first).resolves.toMatchObject({ width: 640 });

    const running = new AbortController();
    const third = engine.run(
      input,
      {},
      {
        signal: running.signal,
        onProgress: (stage) => {
          if (stage === 'inference') running.abort();
        },
      },
    );
    await expect(third).rejects.toBeInstanceOf(AbortedError);
    await expect(engine.run(input)).resolves.toMatchObject({ height: 480 });
    expect(engine.stats()).toMatchObject({ completed: 2, failed: 0, running: 0, queued: 0 });
  });

  it('fails a task past its time limit at once, stops its worker, and runs the next task', async () => {
    const engine = pool({ workers: 1, taskTimeoutMs: 120_000 });
    const input = await encodeScene(await makeScene({ width: 640, height: 480, seed: 17 }));
    // 1 ms cannot cover decode, inference and encode: the limit always trips.
    await expect(engine.run(input, {}, { timeoutMs: 1 })).rejects.toBeInstanceOf(TimedOutError);
    // The worker stopped at its next stage boundary and takes the next task; were it still
    // held, this would wait behind it forever.
    await expect(engine.run(input)).resolves.toMatchObject({ width: 640, height: 480 });
    expect(engine.stats()).toMatchObject({ completed: 1, failed: 1, timedOut: 1, running: 0 });
    await expect(engine.run(input, {}, { timeoutMs: 0 })).rejects.toMatchObject({
      code: 'invalid_options',
    });
  });

  it('refuses runs after close()', async () => {
    const engine = pool({ workers: 1 });
    await engine.close();
    await expect(engine.run(Buffer.from([1]))).rejects.toBeInstanceOf(PoolClosedError);
  });
});
