import { expect, vi } from 'vitest';

/**
 * `read()`'s value once `done` holds for it: read again every 50 ms (vi.waitFor) until then, or
 * fail after `timeout` ms naming the last value read. For state that changes in the background
 * with no event a test can await (a webhook delivered on the dispatcher's next round).
 */
export function readUntil<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  timeout = 10_000,
): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      expect(done(value), `still ${JSON.stringify(value)?.slice(0, 500)}`).toBe(true);
      return value;
    },
    { timeout, interval: 50 },
  );
}
