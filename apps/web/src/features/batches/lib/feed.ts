import type { BatchItem } from '@cutout/contracts';

// Sends a batch's images to the server a few at a time. Each upload becomes a job in the server's
// queue; keeping only a handful waiting keeps every engine worker busy without filling the queue
// other people's images also wait in. A full queue (503) is not the image's fault: the same image
// is sent again a moment later. Any other refusal (not an image, too large, credits gone) fails
// that image alone, and the rest go on.

export interface FeedEntry {
  itemId: string;
  file: File;
}

export interface FeedDeps {
  upload: (entry: FeedEntry) => Promise<BatchItem>;
  /** Images of the batch waiting or running on the server right now (onSent counts at once). */
  inFlight: () => number;
  /** Resolves when the batch may have changed (the next poll). */
  changed: () => Promise<void>;
  sleep: (ms: number) => Promise<void>;
  onSent: (item: BatchItem) => void;
  onRefused: (entry: FeedEntry, error: unknown) => void;
  isBusy: (error: unknown) => boolean;
  /** Stops between images (the tab was closed or the batch cleared). */
  signal?: AbortSignal;
  /** How many images may wait or run at once; 4 covers the workers of a small server. */
  window?: number;
  busyRetryMs?: number;
}

export async function feed(entries: readonly FeedEntry[], deps: FeedDeps): Promise<void> {
  const window = deps.window ?? 4;
  for (const entry of entries) {
    for (;;) {
      if (deps.signal?.aborted) return;
      if (deps.inFlight() < window) break;
      await deps.changed();
    }
    for (;;) {
      if (deps.signal?.aborted) return;
      try {
        const item = await deps.upload(entry);
        deps.onSent(item);
        break;
      } catch (error) {
        if (deps.isBusy(error)) {
          await deps.sleep(deps.busyRetryMs ?? 1500);
          continue;
        }
        deps.onRefused(entry, error);
        break;
      }
    }
  }
}
