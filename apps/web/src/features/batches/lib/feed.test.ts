import type { BatchItem } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { feed, type FeedEntry } from './feed';

const entry = (id: string): FeedEntry => ({ itemId: id, file: new File(['x'], `${id}.png`) });
const item = (id: string): BatchItem => ({
  id,
  position: 0,
  originalName: `${id}.png`,
  status: 'processing',
  progress: 0,
  error: null,
  jobId: `job-${id}`,
  original: null,
  result: null,
});

describe('feed', () => {
  it('keeps at most `window` images on the server, sending the next as one finishes', async () => {
    const running = new Set<string>();
    const log: string[] = [];
    await feed(['a', 'b', 'c', 'd'].map(entry), {
      window: 2,
      upload: async (e) => {
        log.push(`send ${e.itemId}`);
        return item(e.itemId);
      },
      onSent: (i) => running.add(i.id),
      inFlight: () => running.size,
      changed: async () => {
        // The next poll: the oldest image has finished.
        const first = running.values().next().value as string;
        running.delete(first);
        log.push(`done ${first}`);
      },
      sleep: async () => undefined,
      onRefused: () => undefined,
      isBusy: () => false,
    });
    expect(log).toEqual(['send a', 'send b', 'done a', 'send c', 'done b', 'send d']);
  });

  it('sends an image again after a busy answer, and goes on past a refused one', async () => {
    const attempts: string[] = [];
    const refused: string[] = [];
    const sleeps: number[] = [];
    await feed(['a', 'b', 'c'].map(entry), {
      upload: async (e) => {
        attempts.push(e.itemId);
        if (e.itemId === 'a' && attempts.length === 1) throw new Error('busy');
        if (e.itemId === 'b') throw new Error('not an image');
        return item(e.itemId);
      },
      onSent: () => undefined,
      inFlight: () => 0,
      changed: async () => undefined,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      onRefused: (e) => refused.push(e.itemId),
      isBusy: (error) => (error as Error).message === 'busy',
      busyRetryMs: 10,
    });
    expect(attempts).toEqual(['a', 'a', 'b', 'c']);
    expect(refused).toEqual(['b']);
    expect(sleeps).toEqual([10]);
  });

  it('stops between images once aborted', async () => {
    const controller = new AbortController();
    const sent: string[] = [];
    await feed(['a', 'b'].map(entry), {
      signal: controller.signal,
      upload: async (e) => {
        sent.push(e.itemId);
        controller.abort();
        return item(e.itemId);
      },
      onSent: () => undefined,
      inFlight: () => 0,
      changed: async () => undefined,
      sleep: async () => undefined,
      onRefused: () => undefined,
      isBusy: () => false,
    });
    expect(sent).toEqual(['a']);
  });
});
