import { describe, expect, it } from 'vitest';
import { JobQueue } from './job-queue.js';

// A queue whose jobs end when the test says so, to watch the order they start in.
function harness(concurrency: number, capacity: number, share?: number) {
  const started: string[] = [];
  const finish = new Map<string, () => void>();
  const queue = new JobQueue(
    concurrency,
    capacity,
    (id) =>
      new Promise<void>((resolve) => {
        started.push(id);
        finish.set(id, resolve);
      }),
    share,
  );
  const end = async (id: string) => {
    finish.get(id)?.();
    // Let the queue's finally() run and pump the next job.
    await new Promise((r) => setImmediate(r));
  };
  return { queue, started, end };
}

describe('JobQueue fairness', () => {
  it("interleaves owners: one owner's batch does not hold the worker while another waits", async () => {
    const { queue, started, end } = harness(1, 100);
    for (let i = 0; i < 10; i++) queue.enqueue(`a${i}`, 'alice');
    queue.enqueue('b0', 'bob');
    queue.enqueue('c0', 'carol');
    queue.enqueue('b1', 'bob');
    expect(started).toEqual(['a0']);
    // Bob's first job waits for one job, not for Alice's nine.
    expect(queue.position('b0')).toBe(1);
    expect(queue.position('c0')).toBe(2);
    expect(queue.position('a1')).toBe(0);
    for (const id of ['a0', 'a1', 'b0', 'c0', 'a2', 'b1']) await end(id);
    expect(started).toEqual(['a0', 'a1', 'b0', 'c0', 'a2', 'b1', 'a3']);
  });

  it('keeps each owner in arrival order and reports positions that come true', async () => {
    const { queue, started, end } = harness(1, 100);
    queue.enqueue('x', 'first');
    const ids = ['a1', 'b1', 'a2', 'b2', 'a3', 'c1'];
    for (const id of ids) queue.enqueue(id, id[0]);
    const predicted = new Map(ids.map((id) => [id, queue.position(id)]));
    await end('x');
    for (let i = 0; i < ids.length; i++) await end(started.at(-1)!);
    const order = started.slice(1);
    for (const id of ids) expect(order.indexOf(id)).toBe(predicted.get(id));
    expect(order.filter((id) => id.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
  });

  it("limits one owner's share of the waiting room, leaving room for others", () => {
    const { queue } = harness(1, 4);
    queue.enqueue('a0', 'alice'); // runs
    expect(queue.hasRoom('alice')).toBe(true);
    queue.enqueue('a1', 'alice');
    queue.enqueue('a2', 'alice');
    // Alice holds half of the four waiting places: she is refused, Bob is not.
    expect(queue.hasRoom('alice')).toBe(false);
    expect(queue.hasRoom('bob')).toBe(true);
    queue.enqueue('b1', 'bob');
    queue.enqueue('b2', 'bob');
    expect(queue.hasRoom('carol')).toBe(false);
    expect(queue.hasRoom()).toBe(false);
    expect(queue.stats()).toMatchObject({ waiting: 4, running: 1, owners: 2 });
  });

  it('removes a waiting job, and treats a job without an owner as its own owner', async () => {
    const { queue, started, end } = harness(1, 10);
    queue.enqueue('run');
    queue.enqueue('a1', 'alice');
    queue.enqueue('a2', 'alice');
    queue.enqueue('lone');
    expect(queue.remove('a1')).toBe(true);
    expect(queue.remove('a1')).toBe(false);
    expect(queue.remove('run')).toBe(false);
    expect(queue.position('a2')).toBe(0);
    expect(queue.position('lone')).toBe(1);
    await end('run');
    await end('a2');
    expect(started).toEqual(['run', 'a2', 'lone']);
    expect(queue.stats().waiting).toBe(0);
  });

  it('runs as many jobs at once as it has workers, and nothing after close', async () => {
    const { queue, started, end } = harness(2, 10);
    queue.enqueue('a', 'u');
    queue.enqueue('b', 'u');
    queue.enqueue('c', 'v');
    expect(started).toEqual(['a', 'b']);
    const closing = queue.close();
    queue.enqueue('d', 'w');
    expect(queue.stats()).toMatchObject({ waiting: 0, running: 2 });
    expect(queue.position('c')).toBe(-1);
    await end('a');
    await end('b');
    await closing;
    expect(started).toEqual(['a', 'b']);
  });
});
