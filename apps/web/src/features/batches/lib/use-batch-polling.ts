import type { Batch } from '@cutout/contracts';
import { useEffect } from 'react';
import { getBatch } from '../api/batches';

const pollMs = 500;

/**
 * Follows the batch while its images are processed: asks the server twice a second and hands
 * each answer to `show` (status and progress are the jobs' own), until `busy` turns false.
 */
export function useBatchPolling(
  batchId: string | undefined,
  busy: boolean,
  show: (next: Batch) => void,
): void {
  useEffect(() => {
    if (!batchId || !busy) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const controller = new AbortController();
    const tick = async () => {
      try {
        const next = await getBatch(batchId, controller.signal);
        if (!stopped) show(next);
      } catch {
        // A missed poll is made up by the next one.
      }
      if (!stopped) timer = setTimeout(() => void tick(), pollMs);
    };
    timer = setTimeout(() => void tick(), pollMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
      controller.abort();
    };
  }, [batchId, busy, show]);
}
