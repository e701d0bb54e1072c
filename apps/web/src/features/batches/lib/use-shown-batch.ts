import { batchTexts, type Batch, type BatchItem } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadToast } from '../../../lib/toast';
import { latestBatchQueryOptions } from '../api/batches';

function countsChanged(before: Batch, next: Batch): boolean {
  const a = before.counts;
  const b = next.counts;
  return (
    a.processing !== b.processing ||
    a.completed !== b.completed ||
    a.error !== b.error ||
    a.pending !== b.pending
  );
}

/** The counts of `items`, for a batch changed here before the server says so. */
export function countsOf(items: readonly BatchItem[]): Batch['counts'] {
  const counts = { pending: 0, processing: 0, completed: 0, error: 0 };
  for (const item of items) counts[item.status]++;
  return counts;
}

const failureKey = (item: BatchItem) => `${item.id}:${item.jobId ?? 'upload'}`;

/**
 * The batch the tab shows: the stored one until this tab changes it, then the server's latest
 * answer (`show`). `current()` reads it between renders (polls, uploads); `changed()` resolves at
 * the next change. A newly failed image is toasted once; the balance follows every image that
 * starts, finishes or fails.
 */
export function useShownBatch(onCreditsChanged: () => void) {
  const latest = useQuery(latestBatchQueryOptions);
  /** undefined until this tab changes the batch: until then, the stored one is shown. */
  const [own, setOwn] = useState<Batch | null | undefined>(undefined);
  const batch = own === undefined ? (latest.data ?? null) : own;

  /** The batch as last shown, for the code that runs between renders (polls, the feed). */
  const batchRef = useRef<Batch | null>(null);
  /** Failures already announced, so a poll does not repeat a toast. */
  const announced = useRef(new Set<string>());
  const waiters = useRef<(() => void)[]>([]);

  useEffect(() => {
    batchRef.current = batch;
  }, [batch]);

  // Leaving the dashboard lets anything waiting for a change go on (and stop).
  useEffect(
    () => () => {
      for (const resolve of waiters.current.splice(0)) resolve();
    },
    [],
  );

  const announceFailure = useCallback(async (item: BatchItem) => {
    const key = failureKey(item);
    if (announced.current.has(key)) return;
    announced.current.add(key);
    (await loadToast()).error(batchTexts.failedFor(item.originalName), {
      description: item.error ?? batchTexts.itemFailed,
    });
  }, []);

  /** Shows the batch as the server reports it, and announces images that failed meanwhile. */
  const show = useCallback(
    (next: Batch | null, announce = true) => {
      const before = batchRef.current;
      if (announce && next && before?.id === next.id) {
        const previous = new Map(before.items.map((item) => [item.id, item]));
        for (const item of next.items) {
          const was = previous.get(item.id);
          if (item.status === 'error' && was && was.status !== 'error') void announceFailure(item);
        }
      }
      // The dashboard's balance and usage follow every image that starts, finishes or fails
      // (issue 26), not only the end of the batch.
      if (before && next && before.id === next.id && countsChanged(before, next)) {
        onCreditsChanged();
      }
      batchRef.current = next;
      setOwn(next);
      for (const resolve of waiters.current.splice(0)) resolve();
    },
    [announceFailure, onCreditsChanged],
  );

  return {
    batch,
    /** The stored batch could not be read and this tab has not changed it. */
    loadFailed: latest.isError && own === undefined,
    retry: () => void latest.refetch(),
    current: () => batchRef.current,
    show,
    announceFailure,
    changed: () =>
      new Promise<void>((resolve) => {
        waiters.current.push(resolve);
      }),
    /** Forgets announced failures: of `items` (sent again), or all (a new batch). */
    forgetFailures: (items?: readonly BatchItem[]) => {
      if (!items) announced.current.clear();
      else for (const item of items) announced.current.delete(failureKey(item));
    },
  };
}

export type ShownBatch = ReturnType<typeof useShownBatch>;
