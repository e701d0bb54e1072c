import type { Job } from '@cutout/contracts';
import { RotateCcw, Save, Wand2 } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useMaskRender } from '../hooks/use-mask-render';
import { useMaskSave } from '../hooks/use-mask-save';
import { usePointerGestures } from '../hooks/use-pointer-gestures';
import { useStrokeHistory } from '../hooks/use-stroke-history';
import { useTouchUpImages } from '../hooks/use-touch-up-images';
import { useTouchUpShortcuts } from '../hooks/use-touch-up-shortcuts';
import { useZoomPan } from '../hooks/use-zoom-pan';
import { redo, undo, type BrushMode } from '../lib/brush';
import { touchUpTexts as texts } from '../touch-up-texts';
import { checkerboardClass } from './image-frame';
import { TouchUpToolbar } from './touch-up-toolbar';

// The touch-up brush (issue 25): Erase and Restore on the cut-out, at the image's own
// resolution, with zoom and pan, undo/redo, a before/after view, keys, mouse and touch. The mask
// is one canvas at image size (its alpha is the subject), sent once on Save; the server makes the
// three results from it (decision 0150). Undo replays strokes rather than keeping copies.

// The pieces: the images and the mask (use-touch-up-images), what is drawn (use-mask-render),
// the view (use-zoom-pan), undo/redo (use-stroke-history), keys (use-touch-up-shortcuts),
// pointers (use-pointer-gestures), Save and Reset (use-mask-save) and the tools (TouchUpToolbar).

function TouchUpEditor({
  job,
  onClose,
  onChanged,
}: {
  job: Job;
  onClose: () => void;
  onChanged: (job: Job) => void;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [mode, setMode] = useState<BrushMode>('erase');
  const [size, setSize] = useState(20);
  const [before, setBefore] = useState(false);
  const { images, failed, maskRef } = useTouchUpImages(job, setSize);
  const { view, setView, minScale, fit, zoomBy } = useZoomPan(viewport, images);
  const { rebuild, paintPiece } = useMaskRender({
    canvasRef: canvas,
    maskRef,
    images,
    before,
    fit,
  });
  const { history, applyHistory, commitStroke } = useStrokeHistory(rebuild);
  const { busy, save, reset } = useMaskSave({ job, maskRef, onChanged, onClose });
  // The latest values for the event handlers registered once.
  const live = useRef({ mode, size, view, minScale, history });
  useLayoutEffect(() => {
    live.current = { mode, size, view, minScale, history };
  });
  const spaceRef = useTouchUpShortcuts({
    liveRef: live,
    applyHistory,
    setMode,
    setSize,
    setBefore,
    zoomBy,
    fit,
  });
  const { cursor, onPointerDown, onPointerMove, onPointerEnd, onPointerLeave } = usePointerGestures(
    {
      viewportRef: viewport,
      canvasRef: canvas,
      liveRef: live,
      spaceRef,
      images,
      busy: busy !== null,
      setView,
      rebuild,
      paintPiece,
      commitStroke,
    },
  );

  const scaledBrush = size * view.scale;

  return (
    <div className="space-y-3">
      <TouchUpToolbar
        mode={mode}
        setMode={setMode}
        size={size}
        setSize={setSize}
        scale={view.scale}
        zoomBy={zoomBy}
        fit={fit}
        canUndo={history.done.length > 0}
        canRedo={history.undone.length > 0}
        onUndo={() => applyHistory(undo(history))}
        onRedo={() => applyHistory(redo(history))}
        before={before}
        setBefore={setBefore}
      />

      <div
        ref={viewport}
        className={cn(
          'relative h-[60vh] max-h-[640px] min-h-64 w-full cursor-none touch-none select-none overflow-hidden rounded-xl border border-border',
          // On a phone the brush area takes the section's whole width (issue 26): it reaches
          // over the section's padding, square-edged like a photo on a phone.
          'max-sm:-mx-4 max-sm:w-[calc(100%+2rem)] max-sm:rounded-none max-sm:border-x-0',
          checkerboardClass,
        )}
        aria-label={texts.canvasLabel}
        role="application"
        data-testid="touch-up-canvas"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onPointerLeave={onPointerLeave}
        onContextMenu={(event) => event.preventDefault()}
      >
        {images ? null : (
          <div className="absolute inset-0 flex items-center justify-center gap-2 text-sm text-muted-foreground">
            {failed ? (
              texts.loadFailed
            ) : (
              <>
                <Spinner className="size-4" />
                {texts.loading}
              </>
            )}
          </div>
        )}
        <canvas
          ref={canvas}
          className="absolute left-0 top-0 max-w-none"
          style={{
            width: images?.width,
            height: images?.height,
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.scale})`,
            transformOrigin: '0 0',
            visibility: images ? 'visible' : 'hidden',
          }}
        />
        {cursor && images ? (
          <span
            aria-hidden="true"
            className="pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(0,0,0,0.6)]"
            style={{
              width: scaledBrush,
              height: scaledBrush,
              left: cursor.x - scaledBrush / 2,
              top: cursor.y - scaledBrush / 2,
            }}
          />
        ) : null}
      </div>
      <p className="hidden text-xs text-muted-foreground sm:block">{texts.shortcuts}</p>

      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => void save()}
          disabled={busy !== null || history.done.length === 0}
          aria-busy={busy === 'save'}
        >
          {busy === 'save' ? <Spinner /> : <Save aria-hidden="true" />}
          {busy === 'save' ? texts.saving : texts.save}
        </Button>
        <Button variant="outline" onClick={onClose} disabled={busy !== null}>
          {texts.cancel}
        </Button>
        {job.resultVersion > 0 ? (
          <Button
            variant="quiet"
            onClick={() => void reset()}
            disabled={busy !== null}
            aria-busy={busy === 'reset'}
          >
            <RotateCcw aria-hidden="true" />
            {texts.resetOriginal}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** The touch-up section under the results: a button, then the brush. */
export function TouchUp({ job, onChanged }: { job: Job; onChanged: (job: Job) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="touch-up-heading"
      // On a phone the section reaches over the editor card's padding too, so the brush area
      // is as wide as the card (issue 26).
      className="rounded-xl border border-border bg-background p-4 max-sm:-mx-4 max-sm:rounded-none max-sm:border-x-0 sm:p-5"
      data-testid="touch-up"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 id="touch-up-heading" className="text-base font-semibold">
            {texts.heading}
          </h3>
          <p className="mt-1 text-sm text-muted-foreground">
            {job.resultVersion > 0 ? texts.edited(job.resultVersion) : texts.openHint}
          </p>
        </div>
        {open ? null : (
          <Button variant="outline" onClick={() => setOpen(true)}>
            <Wand2 aria-hidden="true" />
            {texts.open}
          </Button>
        )}
      </div>
      {open ? (
        <div className="mt-4">
          <TouchUpEditor job={job} onClose={() => setOpen(false)} onChanged={onChanged} />
        </div>
      ) : null}
    </section>
  );
}
