import {
  batchTexts,
  limits,
  type Batch,
  type BatchItem,
  type BatchItemStatus,
} from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Download,
  FileQuestion,
  ImageOff,
  Loader2,
  Play,
  RotateCcw,
  Upload,
  X,
} from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import {
  deleteBatch,
  downloadBatch,
  getBatch,
  latestBatchQueryOptions,
  removeBatchItem,
  runBatch,
  startBatch,
  uploadBatchItem,
} from '../api/batches';
import { feed } from '../lib/feed';
import { batchUiTexts } from '../texts';

// The dashboard's Batch tab (spec §2 Dashboard, §3 Batch item, §4, §5). The batch lives on the
// server: this tab names its images, sends each file to its item, and shows the batch as the
// server reports it (status and progress are the jobs' own, polled twice a second while images
// are processed), so a reload or a second tab shows the same batch.

/** A file chosen here, not yet part of the stored batch. */
interface LocalFile {
  key: string;
  file: File;
  preview: string | null;
}

const pollMs = 500;

/** A checkerboard behind the thumbnails, so a transparent result reads as one. */
const checkerboardClass =
  'bg-white bg-[length:12px_12px] bg-[position:0_0,6px_6px] bg-[image:linear-gradient(45deg,#e5e7eb_25%,transparent_25%,transparent_75%,#e5e7eb_75%),linear-gradient(45deg,#e5e7eb_25%,transparent_25%,transparent_75%,#e5e7eb_75%)] dark:bg-neutral-800';

/**
 * A row's picture: the result, the chosen file or the stored original — or, when there is none or
 * the browser cannot show it (a failed file that is not an image), a clear placeholder instead of
 * a broken image (issue 26).
 */
function Thumbnail({ src, failed }: { src: string | null; failed: boolean }) {
  const [broken, setBroken] = useState<string | null>(null);
  if (!src || broken === src) {
    const Icon = failed ? ImageOff : FileQuestion;
    return (
      <span
        className="flex flex-col items-center gap-0.5 text-muted-foreground"
        data-testid="batch-placeholder"
      >
        <Icon aria-hidden="true" className="size-5" />
        <span className="text-[10px] leading-none">{batchUiTexts.noPreview}</span>
      </span>
    );
  }
  return (
    <img
      src={src}
      alt=""
      className="size-full object-contain"
      loading="lazy"
      onError={() => setBroken(src)}
    />
  );
}

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

async function toast() {
  return loadToast();
}

function saveBlob(blob: Blob, name: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(href), 30_000);
  }
}

const statusBadge: Record<BatchItemStatus, string> = {
  pending: 'bg-muted text-muted-foreground ring-border',
  processing: 'bg-primary/10 text-primary ring-primary/20',
  completed: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-400',
  error: 'bg-red-500/10 text-red-700 ring-red-600/20 dark:text-red-400',
};

export function BatchProcessor({
  credits,
  onCreditsChanged,
}: {
  credits: number;
  onCreditsChanged: () => void;
}) {
  const latest = useQuery(latestBatchQueryOptions);
  /** undefined until this tab changes the batch: until then, the stored one is shown. */
  const [own, setOwn] = useState<Batch | null | undefined>(undefined);
  const batch = own === undefined ? (latest.data ?? null) : own;
  const [local, setLocal] = useState<LocalFile[]>([]);
  /** Files chosen in this tab, by the stored item they were sent to. */
  const [files, setFiles] = useState<ReadonlyMap<string, LocalFile>>(() => new Map());
  const [running, setRunning] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const inputId = useId();

  /** The batch as last shown, for the code that runs between renders (polls, the feed). */
  const batchRef = useRef<Batch | null>(null);
  /** Failures already announced, so a poll does not repeat a toast. */
  const announced = useRef(new Set<string>());
  const waiters = useRef<(() => void)[]>([]);
  const abort = useRef<AbortController | null>(null);
  const keyCounter = useRef(0);
  /** Every preview address made here, released when the tab goes away. */
  const previews = useRef(new Set<string>());

  useEffect(() => {
    batchRef.current = batch;
  }, [batch]);

  const failureKey = (item: BatchItem) => `${item.id}:${item.jobId ?? 'upload'}`;

  const announceFailure = useCallback(async (item: BatchItem) => {
    const key = failureKey(item);
    if (announced.current.has(key)) return;
    announced.current.add(key);
    (await toast()).error(batchTexts.failedFor(item.originalName), {
      description: item.error ?? batchTexts.itemFailed,
    });
  }, []);

  /** Shows the batch as the server reports it, and announces images that failed meanwhile. */
  const applyBatch = useCallback(
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

  const batchId = batch?.id;
  const busy = running || (batch?.counts.processing ?? 0) > 0;

  // Follows the batch while its images are processed.
  useEffect(() => {
    if (!batchId || !busy) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const controller = new AbortController();
    const tick = async () => {
      try {
        const next = await getBatch(batchId, controller.signal);
        if (!stopped) applyBatch(next);
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
  }, [batchId, busy, applyBatch]);

  // Leaving the dashboard stops sending; images already sent finish on the server.
  useEffect(
    () => () => {
      abort.current?.abort();
      for (const resolve of waiters.current.splice(0)) resolve();
    },
    [],
  );

  useEffect(() => {
    const made = previews.current;
    return () => {
      for (const href of made) URL.revokeObjectURL(href);
    };
  }, []);

  const addFiles = async (chosen: readonly File[]) => {
    if (chosen.length === 0) return;
    const total = (batch?.items.length ?? 0) + local.length + chosen.length;
    if (total > limits.batchMaxImages) {
      (await toast()).error(batchTexts.tooMany(limits.batchMaxImages, total));
      return;
    }
    setLocal((current) => [
      ...current,
      ...chosen.map((file) => {
        // Only images get a preview: anything else would be a broken picture.
        const preview = file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
        if (preview) previews.current.add(preview);
        return { key: `local-${++keyCounter.current}`, file, preview };
      }),
    ]);
  };

  const release = (entry: LocalFile) => {
    if (!entry.preview) return;
    URL.revokeObjectURL(entry.preview);
    previews.current.delete(entry.preview);
  };

  const removeLocal = (key: string) => {
    setLocal((current) => {
      const entry = current.find((e) => e.key === key);
      if (entry) release(entry);
      return current.filter((e) => e.key !== key);
    });
  };

  const removeStored = async (item: BatchItem) => {
    if (!batch) return;
    try {
      applyBatch(await removeBatchItem(batch.id, item.id), false);
      const entry = files.get(item.id);
      if (entry) {
        release(entry);
        setFiles((current) => {
          const next = new Map(current);
          next.delete(item.id);
          return next;
        });
      }
    } catch (error) {
      await toastError(error);
    }
  };

  const waitForChange = () =>
    new Promise<void>((resolve) => {
      waiters.current.push(resolve);
    });

  const process = async () => {
    const current = batchRef.current;
    const again =
      current?.items.filter((i) => i.status === 'error' || i.status === 'pending') ?? [];
    const need = local.length + again.length;
    if (need === 0) {
      (await toast()).error(batchTexts.noImages);
      return;
    }
    if (need * limits.creditsPerImage > credits) {
      (await toast()).error(batchTexts.notEnoughCredits(need, credits));
      return;
    }
    setRunning(true);
    const controller = new AbortController();
    abort.current = controller;
    try {
      const sending = local;
      const names = sending.map((entry) => entry.file.name);
      const known = new Set(current?.items.map((item) => item.id));
      const next = current ? await runBatch(current.id, names) : await startBatch(names);
      const sent = new Map(files);
      next.items
        .filter((item) => !known.has(item.id))
        .forEach((item, index) => {
          const entry = sending[index];
          if (entry) sent.set(item.id, entry);
        });
      setFiles(sent);
      setLocal([]);
      for (const item of again) announced.current.delete(failureKey(item));
      applyBatch(next, false);
      const entries = next.items
        .filter((item) => item.status === 'pending' && sent.has(item.id))
        .map((item) => ({ itemId: item.id, file: sent.get(item.id)!.file }));
      await feed(entries, {
        signal: controller.signal,
        upload: (entry) => uploadBatchItem(next.id, entry.itemId, entry.file),
        inFlight: () => batchRef.current?.counts.processing ?? 0,
        changed: waitForChange,
        sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        isBusy: (error) => error instanceof ApiError && error.status === 503,
        onSent: (item) => {
          const shown = batchRef.current;
          if (!shown) return;
          const items = shown.items.map((i) => (i.id === item.id ? item : i));
          applyBatch({ ...shown, items, counts: countsOf(items) }, false);
        },
        onRefused: (entry, error) => {
          const shown = batchRef.current;
          const item = shown?.items.find((i) => i.id === entry.itemId);
          if (!shown || !item) return;
          const failed: BatchItem = {
            ...item,
            status: 'error',
            progress: 0,
            error: error instanceof Error ? error.message : batchTexts.itemFailed,
          };
          void announceFailure(failed);
          const items = shown.items.map((i) => (i.id === item.id ? failed : i));
          applyBatch({ ...shown, items, counts: countsOf(items) }, false);
        },
      });
    } catch (error) {
      // The batch was deleted meanwhile (another tab): the next click starts a new one.
      if (current && error instanceof ApiError && error.status === 404) applyBatch(null, false);
      await toastError(error, { fallback: batchTexts.itemFailed });
    } finally {
      if (abort.current === controller) abort.current = null;
      setRunning(false);
    }
  };

  const download = async () => {
    if (!batch || batch.counts.completed === 0) {
      (await toast()).error(batchTexts.noCompleted);
      return;
    }
    setDownloading(true);
    try {
      const { blob, name } = await downloadBatch(batch.id);
      saveBlob(blob, name);
    } catch (error) {
      const none = error instanceof ApiError && error.message === batchTexts.noCompleted;
      (await toast()).error(none ? batchTexts.noCompleted : batchTexts.downloadFailed);
    } finally {
      setDownloading(false);
    }
  };

  const clear = async () => {
    try {
      if (batch) await deleteBatch(batch.id);
      for (const entry of files.values()) release(entry);
      setFiles(new Map());
      for (const entry of local) release(entry);
      setLocal([]);
      announced.current.clear();
      applyBatch(null, false);
    } catch (error) {
      await toastError(error);
    }
  };

  const onDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setDragging(false);
    void addFiles(Array.from(event.dataTransfer.files));
  };

  if (latest.isError && own === undefined) {
    return (
      <ErrorAlert>
        <p>{batchUiTexts.loadFailed}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={() => void latest.refetch()}>
          {batchUiTexts.retry}
        </Button>
      </ErrorAlert>
    );
  }

  const stored = batch?.items ?? [];
  const failed = stored.filter((i) => i.status === 'error').length;
  const fresh = local.length + stored.filter((i) => i.status === 'pending').length;
  const toProcess = fresh + failed;
  const inFlight = batch?.counts.processing ?? 0;
  const total = stored.length + local.length;
  const completed = batch?.counts.completed ?? 0;

  return (
    <Card className="p-4 shadow-xs sm:p-6" data-testid="batch-processor">
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">{batchUiTexts.title}</h2>
        <p className="text-sm text-muted-foreground">{batchUiTexts.intro(limits.batchMaxImages)}</p>
      </div>

      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="batch-dropzone"
        className={cn(
          'mt-5 flex h-36 w-full cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed border-border bg-subtle px-6 text-center transition-colors',
          'hover:border-primary/50 hover:bg-primary/[0.03]',
          'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring has-[:focus-visible]:ring-offset-2',
          dragging && 'border-primary bg-primary/5',
        )}
      >
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          aria-label={batchUiTexts.inputLabel}
          className="sr-only"
          onChange={(event) => {
            const chosen = Array.from(event.target.files ?? []);
            event.target.value = '';
            void addFiles(chosen);
          }}
        />
        <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Upload aria-hidden="true" className="size-5" />
        </span>
        <span className="mt-3 block text-sm font-medium">{batchUiTexts.dropTitle}</span>
        <span className="mt-1 block text-xs text-muted-foreground">
          {batchUiTexts.dropHint(limits.batchMaxImages)}
        </span>
      </label>

      <div className="mt-5 flex flex-wrap items-center gap-2">
        <Button onClick={() => void process()} disabled={busy} data-testid="batch-process">
          {busy ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Play aria-hidden="true" />
          )}
          {busy
            ? inFlight > 0
              ? batchUiTexts.processingCount(inFlight)
              : batchUiTexts.processing
            : toProcess === 0
              ? batchUiTexts.nothingToProcess
              : batchUiTexts.process(fresh, failed)}
        </Button>
        <Button variant="outline" onClick={() => void download()} disabled={downloading}>
          {downloading ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {downloading ? batchUiTexts.downloading : batchUiTexts.download}
        </Button>
        <Button variant="quiet" onClick={() => void clear()} disabled={busy || total === 0}>
          <RotateCcw aria-hidden="true" />
          {batchUiTexts.clear}
        </Button>
        {total > 0 ? (
          <p className="ml-auto text-sm text-muted-foreground" data-testid="batch-summary">
            {batchUiTexts.summary(completed, total)}
          </p>
        ) : null}
      </div>

      {total === 0 ? (
        <p className="mt-6 text-sm text-muted-foreground">{batchUiTexts.empty}</p>
      ) : (
        <ul
          className="mt-5 divide-y divide-border rounded-xl border"
          aria-label={batchUiTexts.title}
        >
          {stored.map((item) => (
            <BatchRow
              key={item.id}
              name={item.originalName}
              status={item.status}
              progress={item.progress}
              error={item.error}
              thumbnail={
                item.result?.transparent_bg ?? files.get(item.id)?.preview ?? item.original
              }
              note={
                item.status === 'pending' && !files.has(item.id) && !running
                  ? batchUiTexts.noFile
                  : null
              }
              onRemove={() => void removeStored(item)}
            />
          ))}
          {local.map((entry) => (
            <BatchRow
              key={entry.key}
              name={entry.file.name}
              status="pending"
              progress={0}
              error={null}
              thumbnail={entry.preview}
              note={null}
              onRemove={() => removeLocal(entry.key)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}

function BatchRow({
  name,
  status,
  progress,
  error,
  thumbnail,
  note,
  onRemove,
}: {
  name: string;
  status: BatchItemStatus;
  progress: number;
  error: string | null;
  thumbnail: string | null;
  note: string | null;
  onRemove: () => void;
}) {
  const processing = status === 'processing';
  return (
    <li
      className="flex items-center gap-3 p-3"
      data-testid="batch-item"
      data-status={status}
      data-name={name}
    >
      <span
        className={cn(
          'flex size-14 shrink-0 items-center justify-center overflow-hidden rounded-lg border',
          checkerboardClass,
        )}
      >
        <Thumbnail src={thumbnail} failed={status === 'error'} />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex items-center gap-2">
          <p className="truncate text-sm font-medium" title={name}>
            {name}
          </p>
          <span
            className={cn(
              'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset',
              statusBadge[status],
            )}
          >
            {batchUiTexts.status[status]}
          </span>
        </div>
        {processing ? (
          <div className="mt-2 flex items-center gap-2">
            <div
              role="progressbar"
              aria-label={name}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted"
            >
              <div
                className="h-full rounded-full bg-primary transition-[width] duration-300"
                style={{ width: `${progress}%` }}
              />
            </div>
            <span className="w-16 text-right text-xs text-muted-foreground tabular-nums">
              {progress === 0 ? batchUiTexts.waiting : `${progress}%`}
            </span>
          </div>
        ) : null}
        {status === 'error' && error ? (
          <p className="mt-1 text-xs text-red-600 dark:text-red-400">{error}</p>
        ) : null}
        {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
      </div>
      <Button
        variant="quiet"
        size="icon"
        onClick={onRemove}
        disabled={processing}
        aria-label={batchUiTexts.remove(name)}
        title={processing ? batchUiTexts.cannotRemove : batchUiTexts.remove(name)}
      >
        <X aria-hidden="true" />
      </Button>
    </li>
  );
}

function countsOf(items: readonly BatchItem[]): Batch['counts'] {
  const counts = { pending: 0, processing: 0, completed: 0, error: 0 };
  for (const item of items) counts[item.status]++;
  return counts;
}
