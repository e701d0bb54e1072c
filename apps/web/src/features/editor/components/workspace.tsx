import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { EditorState } from '../lib/editor-machine';
import type { Blocker } from '../lib/validation';
import { workspaceTexts } from '../texts';
import { OriginalPreview } from './original-preview';
import { BlockerNotice, ProcessingPanel } from './processing-panel';
import { Steps, stepsOf } from './processing-steps';
import { Results } from './result-cards';

// After an image is selected (spec §2 "Editor"): its preview with the name and a remove
// button, the Processing panel, the three results with their downloads, and the original.

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
        <OriginalPreview key={selection?.previewUrl ?? 'none'} selection={selection} job={job} />
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
