import { editorTexts, type Job, type JobVariant } from '@cutout/contracts';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { loadToast } from '../../../lib/toast';
import { saveResult } from '../lib/download';
import { isRunning, type EditorState } from '../lib/editor-machine';
import { workspaceTexts } from '../texts';
import { EmptyFrame, Frame } from './image-frame';

// The three results (spec §2 "Editor"), each with its download.

const variants: { variant: JobVariant; label: string; transparent: boolean }[] = [
  { variant: 'refined', label: editorTexts.downloadRefined, transparent: true },
  { variant: 'white_bg', label: editorTexts.downloadWhiteBg, transparent: false },
  { variant: 'transparent_bg', label: editorTexts.downloadTransparent, transparent: true },
];

function ResultCard({
  variant,
  label,
  transparent,
  job,
  running,
}: {
  variant: JobVariant;
  label: string;
  transparent: boolean;
  job: Job | null;
  running: boolean;
}) {
  const [busy, setBusy] = useState(false);
  const url = job?.result?.[variant];
  const title = workspaceTexts.variants[variant];

  const download = async () => {
    if (!job?.result) return;
    setBusy(true);
    try {
      await saveResult(job.result[variant], job.downloadNames[variant]);
      const toast = await loadToast();
      toast.success(editorTexts.downloaded);
    } catch {
      const toast = await loadToast();
      toast.error(editorTexts.downloadFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    // Until there is a result, a phone shows each slot as a compact row; results show large.
    <figure
      className={cn(
        'flex',
        url ? 'flex-col' : 'items-center gap-3 sm:flex-col sm:items-stretch sm:gap-0',
      )}
    >
      <Frame transparent={transparent} className={url ? undefined : 'w-24 shrink-0 sm:w-auto'}>
        {url ? (
          <img
            src={url}
            alt={`${title} result`}
            className="size-full object-contain"
            data-variant={variant}
          />
        ) : running ? (
          <span className="absolute inset-0 animate-pulse bg-muted/60" aria-hidden="true" />
        ) : (
          <EmptyFrame label={workspaceTexts.variantHints[variant]} labelFromSm />
        )}
      </Frame>
      <div className="flex min-w-0 flex-1 flex-col">
        <figcaption className={cn('text-sm font-medium', url ? 'mt-2' : 'sm:mt-2')}>
          {title}
        </figcaption>
        {!url && !running ? (
          <p className="mt-0.5 text-xs text-muted-foreground sm:hidden">
            {workspaceTexts.variantHints[variant]}
          </p>
        ) : null}
        <Button
          // Three columns between sm and md are narrow (about 170 px at 640 px): there the
          // spec's labels fit with less padding, smaller text and no icon, rather than run
          // past the button. Variants only: cn() has no tailwind-merge, so no base class is
          // fought.
          className="mt-2 w-full sm:max-md:px-2 sm:max-md:text-xs"
          variant={url ? 'primary' : 'outline'}
          disabled={!url || busy}
          aria-busy={busy}
          onClick={() => void download()}
        >
          {busy ? <Spinner /> : <Download aria-hidden="true" className="sm:max-md:hidden" />}
          {label}
        </Button>
      </div>
    </figure>
  );
}

export function Results({ state }: { state: EditorState }) {
  const job = state.phase.step === 'completed' ? state.phase.job : null;
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      {variants.map(({ variant, label, transparent }) => (
        <ResultCard
          key={variant}
          variant={variant}
          label={label}
          transparent={transparent}
          job={job}
          running={isRunning(state.phase)}
        />
      ))}
    </div>
  );
}
