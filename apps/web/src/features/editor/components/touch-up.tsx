import type { Job } from '@cutout/contracts';
import {
  Brush,
  Eraser,
  Maximize,
  Redo2,
  RotateCcw,
  Save,
  Undo2,
  Wand2,
  ZoomIn,
  ZoomOut,
} from 'lucide-react';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { resetMask, saveMask } from '../api/mask';
import {
  boundsOf,
  clampBrush,
  commit,
  defaultBrush,
  emptyHistory,
  fitView,
  MAX_BRUSH,
  MIN_BRUSH,
  paint,
  redo,
  undo,
  zoomAt,
  type BrushMode,
  type History,
  type Rect,
  type Stroke,
  type View,
} from '../lib/brush';
import { touchUpTexts as texts } from '../touch-up-texts';
import { checkerboardClass } from './workspace';

// The touch-up brush (issue 25): Erase and Restore on the cut-out, at the image's own
// resolution, with zoom and pan, undo/redo, a before/after view, keys, mouse and touch. The mask
// is one canvas at image size (its alpha is the subject), sent once on Save; the server makes the
// three results from it (decision 0150). Undo replays strokes rather than keeping copies.

function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = 'async';
  image.src = src;
  return image.decode().then(() => image);
}

/** Paints a stroke piece by piece, exactly as it was painted live. */
function paintStroke(ctx: CanvasRenderingContext2D, stroke: Stroke): void {
  const { points } = stroke;
  if (points.length <= 2) {
    paint(ctx, stroke.mode, stroke.size, points);
    return;
  }
  for (let i = 0; i + 3 < points.length; i += 2) {
    paint(ctx, stroke.mode, stroke.size, points.slice(i, i + 4));
  }
}

/** The mask as the model (or the last touch-up) left it: the refined result's alpha, in white. */
function drawBase(ctx: CanvasRenderingContext2D, refined: HTMLImageElement): void {
  const { width, height } = ctx.canvas;
  ctx.save();
  ctx.globalCompositeOperation = 'copy';
  ctx.drawImage(refined, 0, 0, width, height);
  // White keeps the PNG small: only the alpha is the mask.
  ctx.globalCompositeOperation = 'source-in';
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.restore();
}

interface Images {
  original: HTMLImageElement;
  refined: HTMLImageElement;
  width: number;
  height: number;
}

type Gesture =
  | { kind: 'stroke'; pointer: number; stroke: Stroke }
  | { kind: 'pan'; pointer: number; lastX: number; lastY: number }
  | {
      kind: 'pinch';
      start: View;
      distance: number;
      midX: number;
      midY: number;
    };

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
  const mask = useRef<HTMLCanvasElement | null>(null);
  const [images, setImages] = useState<Images | null>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<BrushMode>('erase');
  const [size, setSize] = useState(20);
  const [history, setHistory] = useState<History>(emptyHistory);
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [minScale, setMinScale] = useState(0.05);
  const [before, setBefore] = useState(false);
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);
  const [cursor, setCursor] = useState<{ x: number; y: number } | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const space = useRef(false);
  // The latest values for the event handlers registered once.
  const live = useRef({ mode, size, view, minScale, before, history });
  useLayoutEffect(() => {
    live.current = { mode, size, view, minScale, before, history };
  });

  /** Draws the cut-out (the photo through the mask), or the photo alone in the Before view. */
  const render = useCallback(
    (rect?: Rect | null) => {
      const ctx = canvas.current?.getContext('2d');
      const maskCanvas = mask.current;
      if (!ctx || !maskCanvas || !images) return;
      const { width, height } = images;
      ctx.save();
      if (rect) {
        ctx.beginPath();
        ctx.rect(rect.x, rect.y, rect.width, rect.height);
        ctx.clip();
      }
      ctx.clearRect(0, 0, width, height);
      ctx.drawImage(images.original, 0, 0, width, height);
      if (!live.current.before) {
        ctx.globalCompositeOperation = 'destination-in';
        ctx.drawImage(maskCanvas, 0, 0);
      }
      ctx.restore();
    },
    [images],
  );

  /** The mask from its base and the strokes still done (after an undo or a redo). */
  const rebuild = useCallback(
    (strokes: readonly Stroke[]) => {
      const ctx = mask.current?.getContext('2d');
      if (!ctx || !images) return;
      drawBase(ctx, images.refined);
      for (const stroke of strokes) paintStroke(ctx, stroke);
      render();
    },
    [images, render],
  );

  const fit = useCallback(() => {
    const box = viewport.current?.getBoundingClientRect();
    if (!box || !images) return;
    const fitted = fitView(images.width, images.height, box.width, box.height);
    setMinScale(Math.min(fitted.scale, 1) / 2);
    setView(fitted);
  }, [images]);

  // Load the photo and the current cut-out; the mask starts as the cut-out's alpha.
  useEffect(() => {
    let cancelled = false;
    if (!job.original || !job.result) return;
    Promise.all([loadImage(job.original), loadImage(job.result.refined)]).then(
      ([original, refined]) => {
        if (cancelled) return;
        const width = refined.naturalWidth;
        const height = refined.naturalHeight;
        const maskCanvas = document.createElement('canvas');
        maskCanvas.width = width;
        maskCanvas.height = height;
        const ctx = maskCanvas.getContext('2d');
        if (!ctx) {
          setFailed(true);
          return;
        }
        drawBase(ctx, refined);
        mask.current = maskCanvas;
        setSize(defaultBrush(width, height));
        setImages({ original, refined, width, height });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [job.original, job.result]);

  useEffect(() => {
    if (!images || !canvas.current) return;
    canvas.current.width = images.width;
    canvas.current.height = images.height;
    render();
    fit();
  }, [images, render, fit]);

  useEffect(() => {
    render();
  }, [before, render]);

  const zoomBy = useCallback((factor: number, cx?: number, cy?: number) => {
    const box = viewport.current?.getBoundingClientRect();
    if (!box) return;
    const { view: current, minScale: min } = live.current;
    setView(zoomAt(current, factor, cx ?? box.width / 2, cy ?? box.height / 2, min));
  }, []);

  const applyHistory = useCallback(
    (next: History) => {
      setHistory(next);
      rebuild(next.done);
    },
    [rebuild],
  );

  // The wheel zooms around the pointer (a non-passive listener, so the page does not scroll).
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      zoomBy(event.deltaY < 0 ? 1.2 : 1 / 1.2, event.clientX - box.left, event.clientY - box.top);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomBy, images]);

  // Keyboard shortcuts while the touch-up is open.
  useEffect(() => {
    const typing = (target: EventTarget | null) =>
      target instanceof HTMLElement &&
      (target.isContentEditable ||
        target.tagName === 'TEXTAREA' ||
        target.tagName === 'SELECT' ||
        (target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'range'));
    const onKeyDown = (event: KeyboardEvent) => {
      if (typing(event.target)) return;
      const key = event.key.toLowerCase();
      const command = event.ctrlKey || event.metaKey;
      if (command && key === 'z') {
        event.preventDefault();
        applyHistory(event.shiftKey ? redo(live.current.history) : undo(live.current.history));
      } else if (command && key === 'y') {
        event.preventDefault();
        applyHistory(redo(live.current.history));
      } else if (command || event.altKey) {
        return;
      } else if (key === 'e') setMode('erase');
      else if (key === 'r') setMode('restore');
      else if (key === '[') setSize((s) => clampBrush(s / 1.25));
      else if (key === ']') setSize((s) => clampBrush(s * 1.25));
      else if (key === 'b') setBefore((b) => !b);
      else if (key === '+' || key === '=') zoomBy(1.25);
      else if (key === '-' || key === '_') zoomBy(1 / 1.25);
      else if (key === '0') fit();
      else if (key === ' ' && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        space.current = true;
      }
    };
    const onKeyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') space.current = false;
    };
    window.addEventListener('keydown', onKeyDown);
    window.addEventListener('keyup', onKeyUp);
    return () => {
      window.removeEventListener('keydown', onKeyDown);
      window.removeEventListener('keyup', onKeyUp);
    };
  }, [applyHistory, zoomBy, fit]);

  /** Image pixels under a pointer. */
  const imagePoint = (event: ReactPointerEvent): [number, number] | null => {
    const box = canvas.current?.getBoundingClientRect();
    if (!box || !images || box.width === 0) return null;
    return [
      ((event.clientX - box.left) * images.width) / box.width,
      ((event.clientY - box.top) * images.height) / box.height,
    ];
  };

  const paintPiece = (stroke: Stroke, points: number[]) => {
    const ctx = mask.current?.getContext('2d');
    if (!ctx || !images) return;
    paint(ctx, stroke.mode, stroke.size, points);
    render(boundsOf(points, stroke.size, images.width, images.height));
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!images || busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      // A second finger: the stroke the first one began was the start of a pinch, not paint.
      if (gesture.current?.kind === 'stroke') rebuild(live.current.history.done);
      const [a, b] = [...pointers.current.values()] as [
        { x: number; y: number },
        { x: number; y: number },
      ];
      const box = viewport.current!.getBoundingClientRect();
      gesture.current = {
        kind: 'pinch',
        start: live.current.view,
        distance: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        midX: (a.x + b.x) / 2 - box.left,
        midY: (a.y + b.y) / 2 - box.top,
      };
      return;
    }
    if (pointers.current.size > 2) return;
    if (space.current || event.button === 1 || event.button === 2) {
      gesture.current = {
        kind: 'pan',
        pointer: event.pointerId,
        lastX: event.clientX,
        lastY: event.clientY,
      };
      return;
    }
    if (event.button !== 0) return;
    const point = imagePoint(event);
    if (!point) return;
    const stroke: Stroke = { mode: live.current.mode, size: live.current.size, points: point };
    gesture.current = { kind: 'stroke', pointer: event.pointerId, stroke };
    paintPiece(stroke, point);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const box = viewport.current?.getBoundingClientRect();
    if (box && event.pointerType === 'mouse') {
      setCursor({ x: event.clientX - box.left, y: event.clientY - box.top });
    }
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const current = gesture.current;
    if (!current) return;
    if (current.kind === 'pinch' && box) {
      const [a, b] = [...pointers.current.values()] as [
        { x: number; y: number },
        { x: number; y: number },
      ];
      if (!a || !b) return;
      const distance = Math.hypot(a.x - b.x, a.y - b.y) || 1;
      const midX = (a.x + b.x) / 2 - box.left;
      const midY = (a.y + b.y) / 2 - box.top;
      const zoomed = zoomAt(
        current.start,
        distance / current.distance,
        current.midX,
        current.midY,
        live.current.minScale,
      );
      setView({
        ...zoomed,
        x: zoomed.x + midX - current.midX,
        y: zoomed.y + midY - current.midY,
      });
    } else if (current.kind === 'pan' && current.pointer === event.pointerId) {
      const dx = event.clientX - current.lastX;
      const dy = event.clientY - current.lastY;
      current.lastX = event.clientX;
      current.lastY = event.clientY;
      setView((v) => ({ ...v, x: v.x + dx, y: v.y + dy }));
    } else if (current.kind === 'stroke' && current.pointer === event.pointerId) {
      const point = imagePoint(event);
      if (!point) return;
      const { points } = current.stroke;
      const piece = [points[points.length - 2]!, points[points.length - 1]!, ...point];
      points.push(...point);
      paintPiece(current.stroke, piece);
    }
  };

  const onPointerEnd = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    const current = gesture.current;
    if (current?.kind === 'stroke' && current.pointer === event.pointerId) {
      if (event.type === 'pointercancel') rebuild(live.current.history.done);
      else setHistory((h) => commit(h, current.stroke));
      gesture.current = null;
    } else if (current?.kind === 'pan' && current.pointer === event.pointerId) {
      gesture.current = null;
    } else if (current?.kind === 'pinch' && pointers.current.size < 2) {
      gesture.current = null;
    }
  };

  const save = async () => {
    const maskCanvas = mask.current;
    if (!maskCanvas) return;
    setBusy('save');
    try {
      const blob = await new Promise<Blob>((resolve, reject) =>
        maskCanvas.toBlob(
          (b) => (b ? resolve(b) : reject(new Error('The mask could not be encoded'))),
          'image/png',
        ),
      );
      const saved = await saveMask(job.id, blob);
      onChanged(saved);
      const toast = await loadToast();
      toast.success(texts.saved);
      onClose();
    } catch (error) {
      void toastError(error);
      setBusy(null);
    }
  };

  const reset = async () => {
    setBusy('reset');
    try {
      const original = await resetMask(job.id);
      onChanged(original);
      const toast = await loadToast();
      toast.success(texts.reset);
      onClose();
    } catch (error) {
      void toastError(error);
      setBusy(null);
    }
  };

  const scaledBrush = size * view.scale;

  return (
    <div className="space-y-3">
      <div
        className="flex flex-wrap items-center gap-2"
        role="toolbar"
        aria-label={texts.toolsLabel}
      >
        <div className="flex gap-1">
          <Button
            size="sm"
            variant={mode === 'erase' ? 'primary' : 'outline'}
            aria-pressed={mode === 'erase'}
            onClick={() => setMode('erase')}
            title={`${texts.erase} (E)`}
          >
            <Eraser aria-hidden="true" />
            {texts.erase}
          </Button>
          <Button
            size="sm"
            variant={mode === 'restore' ? 'primary' : 'outline'}
            aria-pressed={mode === 'restore'}
            onClick={() => setMode('restore')}
            title={`${texts.restore} (R)`}
          >
            <Brush aria-hidden="true" />
            {texts.restore}
          </Button>
        </div>
        <label className="flex min-w-0 items-center gap-2 text-sm">
          <span className="shrink-0">{texts.size}</span>
          <input
            type="range"
            min={MIN_BRUSH}
            max={MAX_BRUSH}
            value={size}
            onChange={(event) => setSize(clampBrush(Number(event.target.value)))}
            className="w-28 accent-primary"
          />
          <span className="w-14 shrink-0 tabular-nums text-muted-foreground">
            {texts.sizeValue(size)}
          </span>
        </label>
        <div className="flex items-center gap-1">
          <Button
            size="sm"
            variant="outline"
            aria-label={texts.zoomOut}
            onClick={() => zoomBy(1 / 1.25)}
          >
            <ZoomOut aria-hidden="true" />
          </Button>
          <span className="w-12 text-center text-xs tabular-nums" data-testid="touch-up-zoom">
            {texts.zoomValue(Math.round(view.scale * 100))}
          </span>
          <Button
            size="sm"
            variant="outline"
            aria-label={texts.zoomIn}
            onClick={() => zoomBy(1.25)}
          >
            <ZoomIn aria-hidden="true" />
          </Button>
          <Button size="sm" variant="outline" aria-label={texts.fit} onClick={fit}>
            <Maximize aria-hidden="true" />
          </Button>
        </div>
        <div className="flex gap-1">
          <Button
            size="sm"
            variant="outline"
            aria-label={texts.undo}
            title={`${texts.undo} (Ctrl+Z)`}
            disabled={history.done.length === 0}
            onClick={() => applyHistory(undo(history))}
          >
            <Undo2 aria-hidden="true" />
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={texts.redo}
            title={`${texts.redo} (Ctrl+Shift+Z)`}
            disabled={history.undone.length === 0}
            onClick={() => applyHistory(redo(history))}
          >
            <Redo2 aria-hidden="true" />
          </Button>
        </div>
        <div className="flex gap-1" role="group" aria-label={texts.viewLabel}>
          <Button
            size="sm"
            variant={before ? 'primary' : 'outline'}
            aria-pressed={before}
            onClick={() => setBefore(true)}
          >
            {texts.before}
          </Button>
          <Button
            size="sm"
            variant={before ? 'outline' : 'primary'}
            aria-pressed={!before}
            onClick={() => setBefore(false)}
          >
            {texts.after}
          </Button>
        </div>
      </div>

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
        onPointerLeave={() => setCursor(null)}
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
