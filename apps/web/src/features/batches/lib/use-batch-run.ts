import { batchTexts, limits, type BatchItem } from '@cutout/contracts';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/error-toast';
import { saveBlob } from '../../../lib/save-blob';
import { loadToast } from '../../../lib/toast';
import {
  deleteBatch,
  downloadBatch,
  removeBatchItem,
  runBatch,
  startBatch,
  uploadBatchItem,
} from '../api/batches';
import type { LocalFile } from './batch-files';
import { feed } from './feed';
import type { useBatchFiles } from './use-batch-files';
import { countsOf, type ShownBatch } from './use-shown-batch';

/**
 * What the Batch tab's buttons do: process (name the new images, send each file to its item a few
 * at a time, send failed ones again), download the ZIP, clear the batch. Leaving the dashboard
 * stops sending; images already sent finish on the server.
 */
export function useBatchRun({
  shown,
  files,
  credits,
}: {
  shown: ShownBatch;
  files: ReturnType<typeof useBatchFiles>;
  credits: number;
}) {
  const [running, setRunning] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);

  const process = async () => {
    const current = shown.current();
    const again =
      current?.items.filter((i) => i.status === 'error' || i.status === 'pending') ?? [];
    const need = files.local.length + again.length;
    if (need === 0) {
      (await loadToast()).error(batchTexts.noImages);
      return;
    }
    if (need * limits.creditsPerImage > credits) {
      (await loadToast()).error(batchTexts.notEnoughCredits(need, credits));
      return;
    }
    setRunning(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const sending = files.local;
      const names = sending.map((entry) => entry.file.name);
      const known = new Set(current?.items.map((item) => item.id));
      const next = current ? await runBatch(current.id, names) : await startBatch(names);
      const sent = new Map<string, LocalFile>(files.sent);
      next.items
        .filter((item) => !known.has(item.id))
        .forEach((item, index) => {
          const entry = sending[index];
          if (entry) sent.set(item.id, entry);
        });
      files.markSent(sent);
      shown.forgetFailures(again);
      shown.show(next, false);
      const entries = next.items
        .filter((item) => item.status === 'pending' && sent.has(item.id))
        .map((item) => ({ itemId: item.id, file: sent.get(item.id)!.file }));
      await feed(entries, {
        signal: controller.signal,
        upload: (entry) => uploadBatchItem(next.id, entry.itemId, entry.file),
        inFlight: () => shown.current()?.counts.processing ?? 0,
        changed: shown.changed,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        isBusy: (error) => error instanceof ApiError && error.status === 503,
        onSent: (item) => {
          const batch = shown.current();
          if (!batch) return;
          const items = batch.items.map((i) => (i.id === item.id ? item : i));
          shown.show({ ...batch, items, counts: countsOf(items) }, false);
        },
        onRefused: (entry, error) => {
          const batch = shown.current();
          const item = batch?.items.find((i) => i.id === entry.itemId);
          if (!batch || !item) return;
          const failed: BatchItem = {
            ...item,
            status: 'error',
            progress: 0,
            error: error instanceof Error ? error.message : batchTexts.itemFailed,
          };
          void shown.announceFailure(failed);
          const items = batch.items.map((i) => (i.id === item.id ? failed : i));
          shown.show({ ...batch, items, counts: countsOf(items) }, false);
        },
      });
    } catch (error) {
      // The batch was deleted meanwhile (another tab): the next click starts a new one.
      if (current && error instanceof ApiError && error.status === 404) shown.show(null, false);
      await toastError(error, { fallback: batchTexts.itemFailed });
    } finally {
      if (abort.current === controller) abort.current = null;
      setRunning(false);
    }
  };

  const download = async () => {
    const batch = shown.batch;
    if (!batch || batch.counts.completed === 0) {
      (await loadToast()).error(batchTexts.noCompleted);
      return;
    }
    setDownloading(true);
    try {
      const { blob, name } = await downloadBatch(batch.id);
      saveBlob(blob, name);
    } catch (error) {
      const none = error instanceof ApiError && error.message === batchTexts.noCompleted;
      (await loadToast()).error(none ? batchTexts.noCompleted : batchTexts.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };

  const clear = async () => {
    try {
      if (shown.batch) await deleteBatch(shown.batch.id);
      files.clear();
      shown.forgetFailures();
      shown.show(null, false);
    } catch (error) {
      await toastError(error);
    }
  };

  const removeStored = async (item: BatchItem) => {
    const batch = shown.batch;
    if (!batch) return;
    try {
      shown.show(await removeBatchItem(batch.id, item.id), false);
      files.removeSent(item.id);
    } catch (error) {
      await toastError(error);
    }
  };

  return { running, downloading, process, download, clear, removeStored };
}
