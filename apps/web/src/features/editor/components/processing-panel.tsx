import { editorTexts, paths } from '@cutout/contracts';
import { Check, RotateCcw, X } from 'lucide-react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { isRunning, type EditorState, type Phase } from '../lib/editor-machine';
import type { Blocker } from '../lib/validation';
import { workspaceTexts } from '../texts';
import { Steps, stepsOf } from './processing-steps';

// The Processing panel (spec §2): the bar, the percent and the stage from the upload's bytes and
// the job's events, the steps, why nothing runs (sign up, no credits) and what to do next.

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
