import type { BatchItemStatus } from '@cutout/contracts';
import { FileQuestion, ImageOff, X } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { batchUiTexts } from '../texts';

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

const statusBadge: Record<BatchItemStatus, string> = {
  pending: 'bg-muted text-muted-foreground ring-border',
  processing: 'bg-primary/10 text-primary ring-primary/20',
  completed: 'bg-emerald-500/10 text-emerald-700 ring-emerald-600/20 dark:text-emerald-400',
  error: 'bg-red-500/10 text-red-700 ring-red-600/20 dark:text-red-400',
};

/** One image of the batch: its picture, name, status, progress while processed, and Remove. */
export function BatchRow({
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
