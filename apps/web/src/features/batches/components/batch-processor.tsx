import { limits } from '@cutout/contracts';
import { Download, Loader2, Play, RotateCcw } from 'lucide-react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useBatchFiles } from '../lib/use-batch-files';
import { useBatchPolling } from '../lib/use-batch-polling';
import { useBatchRun } from '../lib/use-batch-run';
import { useShownBatch } from '../lib/use-shown-batch';
import { batchUiTexts } from '../texts';
import { BatchDropzone } from './batch-dropzone';
import { BatchRow } from './batch-row';

// The dashboard's Batch tab (spec §2 Dashboard, §3 Batch item, §4, §5). The batch lives on the
// server: this tab names its images, sends each file to its item, and shows the batch as the
// server reports it (status and progress are the jobs' own, polled twice a second while images
// are processed), so a reload or a second tab shows the same batch. The state is in
// ../lib/use-*.ts: the shown batch, the chosen files, the polling and what the buttons do.

export function BatchProcessor({
  credits,
  onCreditsChanged,
}: {
  credits: number;
  onCreditsChanged: () => void;
}) {
  const shown = useShownBatch(onCreditsChanged);
  const files = useBatchFiles();
  const run = useBatchRun({ shown, files, credits });
  const { batch } = shown;
  const busy = run.running || (batch?.counts.processing ?? 0) > 0;
  useBatchPolling(batch?.id, busy, shown.show);

  if (shown.loadFailed) {
    return (
      <ErrorAlert>
        <p>{batchUiTexts.loadFailed}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={shown.retry}>
          {batchUiTexts.retry}
        </Button>
      </ErrorAlert>
    );
  }

  const stored = batch?.items ?? [];
  const { local, sent } = files;
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

      <BatchDropzone onFiles={(chosen) => void files.add(chosen, stored.length)} />

      <div className="mt-5 flex flex-wrap items-center gap-2">
        <Button onClick={() => void run.process()} disabled={busy} data-testid="batch-process">
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
        <Button variant="outline" onClick={() => void run.download()} disabled={run.downloading}>
          {run.downloading ? (
            <Loader2 aria-hidden="true" className="animate-spin" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {run.downloading ? batchUiTexts.downloading : batchUiTexts.download}
        </Button>
        <Button variant="quiet" onClick={() => void run.clear()} disabled={busy || total === 0}>
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
              thumbnail={item.result?.transparent_bg ?? sent.get(item.id)?.preview ?? item.original}
              note={
                item.status === 'pending' && !sent.has(item.id) && !run.running
                  ? batchUiTexts.noFile
                  : null
              }
              onRemove={() => void run.removeStored(item)}
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
              onRemove={() => files.removeLocal(entry.key)}
            />
          ))}
        </ul>
      )}
    </Card>
  );
}
