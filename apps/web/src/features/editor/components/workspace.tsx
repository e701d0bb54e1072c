import { editorTexts, paths, type Job, type JobStage, type JobVariant } from '@cutout/contracts';
import { Check, Circle, Download, ImageIcon, RotateCcw, X } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { loadToast } from '../../../lib/toast';
import { saveResult } from '../lib/download';
import {
  isRunning,
  jobOf,
  type EditorState,
  type Phase,
  type Selection,
} from '../lib/editor-machine';
import type { Blocker } from '../lib/validation';
import { workspaceTexts } from '../texts';

// After an image is selected (spec §2 "Editor"): its preview with the name and a remove
// button, the Processing panel, the three results with their downloads, and the original.

/** Transparency shown the usual way: a checkerboard behind the cut-out subject. */
export const checkerboardClass =
  'bg-white bg-[length:16px_16px] bg-[position:0_0,8px_8px] bg-[image:linear-gradient(45deg,#e5e7eb_25%,transparent_25%,transparent_75%,#e5e7eb_75%),linear-gradient(45deg,#e5e7eb_25%,transparent_25%,transparent_75%,#e5e7eb_75%)] dark:bg-neutral-800 dark:bg-[image:linear-gradient(45deg,#404040_25%,transparent_25%,transparent_75%,#404040_75%),linear-gradient(45deg,#404040_25%,transparent_25%,transparent_75%,#404040_75%)]';

const variants: { variant: JobVariant; label: string; transparent: boolean }[] = [
  { variant: 'refined', label: editorTexts.downloadRefined, transparent: true },
  { variant: 'white_bg', label: editorTexts.downloadWhiteBg, transparent: false },
  { variant: 'transparent_bg', label: editorTexts.downloadTransparent, transparent: true },
];

function Frame({
  children,
  transparent = false,
  className,
}: {
  children?: ReactNode;
  transparent?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'relative flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border border-border',
        transparent ? checkerboardClass : 'bg-muted',
        className,
      )}
    >
      {children}
    </div>
  );
}

function EmptyFrame({ label, labelFromSm = false }: { label?: string; labelFromSm?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 text-center text-xs text-muted-foreground">
      <ImageIcon aria-hidden="true" className="size-6 opacity-60" />
      {label ? <span className={labelFromSm ? 'hidden sm:block' : undefined}>{label}</span> : null}
    </div>
  );
}

/** The original: the local file or sample at once, else the server's copy once the job has it. */
function Original({ selection, job }: { selection: Selection | null; job: Job | null }) {
  const [failed, setFailed] = useState<readonly string[]>([]);
  // The selection the preview has already said it cannot show (the component outlives one URL
  // import: its key is the local preview, which URL imports do not have).
  const [toldFor, setToldFor] = useState<Selection | null>(null);
  const sources = [selection?.previewUrl, job?.original].filter(
    (source): source is string => typeof source === 'string' && source !== '',
  );
  const src = sources.find((source) => !failed.includes(source)) ?? null;
  const onError = async (failedSrc: string) => {
    setFailed((list) => [...list, failedSrc]);
    // A local file the browser cannot show is still sent: the server either refuses it and says
    // why (that toast is the one the person needs, not a second one from here) or keeps a copy,
    // tried next. Only when nothing is left to show does the preview say so itself, once.
    if (toldFor !== null && toldFor === selection) return;
    if (selection?.kind === 'file' && job === null) return;
    if (sources.some((source) => source !== failedSrc && !failed.includes(source))) return;
    setToldFor(selection);
    const toast = await loadToast();
    toast.error(editorTexts.loadFailed);
  };
  return (
    <figure>
      <Frame>
        {src ? (
          <img
            src={src}
            alt={
              selection ? `${workspaceTexts.original}: ${selection.name}` : workspaceTexts.original
            }
            className="size-full object-contain"
            onError={() => void onError(src)}
          />
        ) : (
          <EmptyFrame label={selection?.kind === 'url' ? workspaceTexts.noPreview : undefined} />
        )}
      </Frame>
      <figcaption className="mt-2 text-sm font-medium">{workspaceTexts.original}</figcaption>
    </figure>
  );
}

function stageLabel(state: EditorState): string {
  const { phase, selection } = state;
  switch (phase.step) {
    case 'sending':
      if (selection?.kind === 'file' && phase.total > 0) return workspaceTexts.uploading;
      if (selection?.kind === 'url') return workspaceTexts.fetching;
      return workspaceTexts.starting;
    case 'processing':
      return workspaceTexts.stages[phase.job.stage];
    case 'completed':
      return workspaceTexts.completed;
    case 'failed':
      return workspaceTexts.failed;
    case 'cancelled':
      return workspaceTexts.cancelled;
    case 'idle':
      return phase.blocker ? workspaceTexts.waiting : workspaceTexts.starting;
  }
}

function BlockerAction({ blocker }: { blocker: Blocker }) {
  return blocker === 'sign-up' ? (
    <Button asChild size="sm">
      <Link to={paths.signUp}>{workspaceTexts.signUp}</Link>
    </Button>
  ) : (
    <Button asChild size="sm">
      <Link to={paths.pricing}>{workspaceTexts.buyCredits}</Link>
    </Button>
  );
}

/** Why nothing runs, with the way forward (spec §8: 'Sign up to continue.', no credits). */
export function BlockerNotice({ blocker }: { blocker: Blocker }) {
  return (
    <ErrorAlert>
      <p>{blocker === 'sign-up' ? editorTexts.signUpToContinue : editorTexts.noCredits}</p>
      {blocker === 'sign-up' ? (
        <p className="mt-1 text-muted-foreground">{workspaceTexts.signUpPitch}</p>
      ) : null}
      <div className="mt-3">
        <BlockerAction blocker={blocker} />
      </div>
    </ErrorAlert>
  );
}

type StepState = 'done' | 'current' | 'pending' | 'stopped';

const jobSteps: { key: keyof typeof workspaceTexts.steps; stages: readonly JobStage[] }[] = [
  { key: 'queue', stages: ['queued'] },
  { key: 'read', stages: ['decode', 'preprocess'] },
  { key: 'model', stages: ['inference'] },
  { key: 'refine', stages: ['refine'] },
  { key: 'save', stages: ['encode', 'store'] },
];

/** Where the image is on its way, step by step, from the same real events as the bar. */
export function stepsOf(state: EditorState): { key: string; label: string; state: StepState }[] {
  const { phase, selection } = state;
  const steps = [
    ...(selection?.kind === 'file' ? [{ key: 'upload' as const, stages: [] as JobStage[] }] : []),
    ...jobSteps,
  ];
  const job = jobOf(phase);
  let current: number;
  if (phase.step === 'completed') current = steps.length;
  else if (phase.step === 'sending' || phase.step === 'idle') current = 0;
  else if (job) {
    const index = steps.findIndex((step) => step.stages.includes(job.stage));
    current = index === -1 ? (job.stage === 'done' ? steps.length : 0) : index;
  } else current = 0;
  const stopped = phase.step === 'failed' || phase.step === 'cancelled';
  return steps.map((step, index) => ({
    key: step.key,
    label: workspaceTexts.steps[step.key],
    state:
      index < current
        ? 'done'
        : index === current
          ? stopped
            ? 'stopped'
            : phase.step === 'idle'
              ? 'pending'
              : 'current'
          : 'pending',
  }));
}

function Steps({ steps }: { steps: ReturnType<typeof stepsOf> }) {
  return (
    <ol className="mt-4 space-y-2 text-sm" aria-label={workspaceTexts.stepsLabel}>
      {steps.map((step) => (
        <li
          key={step.key}
          className={cn(
            'flex items-center gap-2.5',
            step.state === 'pending' ? 'text-muted-foreground' : 'text-foreground',
          )}
          aria-current={step.state === 'current' ? 'step' : undefined}
        >
          <span className="flex size-5 shrink-0 items-center justify-center">
            {step.state === 'done' ? (
              <Check aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
            ) : step.state === 'current' ? (
              <Spinner className="size-3.5 text-primary" />
            ) : step.state === 'stopped' ? (
              <X aria-hidden="true" className="size-4 text-red-600 dark:text-red-400" />
            ) : (
              <Circle aria-hidden="true" className="size-2 fill-current opacity-40" />
            )}
          </span>
          {step.label}
        </li>
      ))}
    </ol>
  );
}

function ProgressBar({ percent, phase }: { percent: number; phase: Phase }) {
  const failed = phase.step === 'failed' || phase.step === 'cancelled';
  return (
    <div
      role="progressbar"
      aria-label={editorTexts.processing}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2.5 w-full overflow-hidden rounded-full bg-muted"
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-300 ease-out',
          failed ? 'bg-muted-foreground/40' : 'bg-primary',
        )}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** The Processing panel (spec §2): bar and percent from the upload's bytes and the job's stages. */
export function ProcessingPanel({
  state,
  onCancel,
  onRetry,
  onRemove,
}: {
  state: EditorState;
  onCancel: () => void;
  onRetry: () => void;
  onRemove: () => void;
}) {
  const { phase, percent } = state;
  const running = isRunning(phase);
  const blocker = phase.step === 'idle' || phase.step === 'failed' ? phase.blocker : null;
  const done = phase.step === 'completed';
  return (
    <section
      aria-labelledby="processing-heading"
      className="flex flex-col rounded-xl border border-border bg-background p-4 sm:p-5"
    >
      <div className="flex items-center justify-between gap-3">
        <h3 id="processing-heading" className="text-base font-semibold">
          {editorTexts.processing}
        </h3>
        <span
          className="text-sm font-semibold tabular-nums text-foreground"
          data-testid="processing-percent"
        >
          {percent}%
        </span>
      </div>
      <div className="mt-3">
        <ProgressBar percent={percent} phase={phase} />
      </div>
      <p
        className="mt-3 flex min-h-5 items-center gap-2 text-sm text-muted-foreground"
        aria-live="polite"
        data-testid="processing-stage"
      >
        {running ? <Spinner className="size-3.5 text-primary" /> : null}
        {done ? <Check aria-hidden="true" className="size-4 text-emerald-600" /> : null}
        {stageLabel(state)}
      </p>
      {blocker ? null : <Steps steps={stepsOf(state)} />}
      {done && phase.job.timings ? (
        <p className="mt-4 text-xs text-muted-foreground" data-testid="processed-in">
          {workspaceTexts.processedIn(
            (phase.job.timings.totalMs / 1000).toFixed(1),
            phase.job.width,
            phase.job.height,
          )}
        </p>
      ) : null}
      {phase.step === 'failed' && !phase.blocker ? (
        <ErrorAlert className="mt-4">{phase.message}</ErrorAlert>
      ) : null}
      {blocker ? (
        <div className="mt-4">
          {phase.step === 'failed' &&
          phase.message !== editorTexts.signUpToContinue &&
          phase.message !== editorTexts.noCredits ? (
            <ErrorAlert>
              <p>{phase.message}</p>
              <div className="mt-3">
                <BlockerAction blocker={blocker} />
              </div>
            </ErrorAlert>
          ) : (
            <BlockerNotice blocker={blocker} />
          )}
        </div>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-2 pt-4">
        {running ? (
          <Button variant="outline" size="sm" onClick={onCancel}>
            <X aria-hidden="true" />
            {workspaceTexts.cancel}
          </Button>
        ) : null}
        {phase.step === 'failed' ||
        phase.step === 'cancelled' ||
        (phase.step === 'idle' && blocker) ? (
          <Button size="sm" variant={blocker ? 'outline' : 'primary'} onClick={onRetry}>
            <RotateCcw aria-hidden="true" />
            {workspaceTexts.tryAgain}
          </Button>
        ) : null}
        {done ? (
          <Button variant="outline" size="sm" onClick={onRemove}>
            {workspaceTexts.chooseAnother}
          </Button>
        ) : null}
      </div>
    </section>
  );
}

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

/** Everything after selecting, or the empty workspace of 'Continue without an image'. */
export function Workspace({
  state,
  blockerNow,
  onRemove,
  onCancel,
  onRetry,
  onBack,
  retentionHours,
  visitor,
  afterResults,
}: {
  state: EditorState;
  /**
   * Who is looking, for what an image costs: a signed-out visitor's first image a day is a free
   * preview (decision 0155), a signed-in user's uses one credit. undefined while the session
   * loads: the cost is not stated until it is known.
   */
  visitor: boolean | undefined;
  /** Shown under the results (the backgrounds panel once there is a result). */
  afterResults?: ReactNode;
  /** From the server's config; the notice waits for it rather than guessing. */
  retentionHours: number | undefined;
  /** For the empty workspace: what a visitor must do before an image can be processed. */
  blockerNow: Blocker | null;
  onRemove: () => void;
  onCancel: () => void;
  onRetry: () => void;
  onBack: () => void;
}) {
  const { selection, phase } = state;
  const job = phase.step === 'idle' || phase.step === 'sending' ? null : phase.job;

  return (
    <div>
      <div className="flex min-h-10 items-center justify-between gap-3">
        {selection ? (
          <p className="min-w-0 truncate text-sm font-medium" data-testid="selected-name">
            <span className="sr-only">{workspaceTexts.selected} </span>
            {job?.originalName ?? selection.name}
          </p>
        ) : (
          <h3 className="text-base font-semibold">{workspaceTexts.whatYouGet}</h3>
        )}
        {selection ? (
          <Button variant="outline" size="sm" onClick={onRemove}>
            <X aria-hidden="true" />
            {workspaceTexts.remove}
          </Button>
        ) : (
          <Button variant="outline" size="sm" onClick={onBack}>
            {workspaceTexts.chooseImage}
          </Button>
        )}
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Original key={selection?.previewUrl ?? 'none'} selection={selection} job={job} />
        {selection ? (
          <ProcessingPanel
            state={state}
            onCancel={onCancel}
            onRetry={onRetry}
            onRemove={onRemove}
          />
        ) : (
          <div className="flex flex-col justify-center gap-2 rounded-xl border border-border bg-background p-4 text-sm sm:p-5">
            {visitor !== undefined ? (
              <p className="text-muted-foreground" data-testid="what-you-get">
                {visitor ? workspaceTexts.whatYouGetBodyVisitor : workspaceTexts.whatYouGetBody}
              </p>
            ) : null}
            <Steps steps={stepsOf(state)} />
            {blockerNow ? <BlockerNotice blocker={blockerNow} /> : null}
          </div>
        )}
      </div>

      <div className="mt-6">
        <Results state={state} />
      </div>
      {afterResults ? <div className="mt-6">{afterResults}</div> : null}
      {retentionHours !== undefined && visitor !== undefined ? (
        <p className="mt-4 text-xs text-muted-foreground" data-testid="cost-notice">
          {visitor
            ? workspaceTexts.retentionNoticeVisitor(retentionHours)
            : workspaceTexts.retentionNotice(retentionHours)}
        </p>
      ) : null}
    </div>
  );
}
