import type { JobStage } from '@cutout/contracts';
import { Check, Circle, X } from 'lucide-react';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { jobOf, type EditorState } from '../lib/editor-machine';
import { workspaceTexts } from '../texts';

// The steps of the Processing panel (spec §2): upload, queue, read, model, refine, save, each
// done, current, waiting or where it stopped.

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

export function Steps({ steps }: { steps: ReturnType<typeof stepsOf> }) {
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
