import { Brush, Eraser, Maximize, Redo2, Undo2, ZoomIn, ZoomOut } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { clampBrush, MAX_BRUSH, MIN_BRUSH, type BrushMode } from '../lib/brush';
import { touchUpTexts as texts } from '../touch-up-texts';

/** The touch-up's tools: Erase or Restore, the brush size, zoom, undo and redo, Before/After. */
export function TouchUpToolbar({
  mode,
  setMode,
  size,
  setSize,
  scale,
  zoomBy,
  fit,
  canUndo,
  canRedo,
  onUndo,
  onRedo,
  before,
  setBefore,
}: {
  mode: BrushMode;
  setMode: (mode: BrushMode) => void;
  size: number;
  setSize: (size: number) => void;
  /** The view's scale (1 is the image's own pixels). */
  scale: number;
  zoomBy: (factor: number) => void;
  fit: () => void;
  canUndo: boolean;
  canRedo: boolean;
  onUndo: () => void;
  onRedo: () => void;
  before: boolean;
  setBefore: (before: boolean) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={texts.toolsLabel}>
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
          {texts.zoomValue(Math.round(scale * 100))}
        </span>
        <Button size="sm" variant="outline" aria-label={texts.zoomIn} onClick={() => zoomBy(1.25)}>
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
          disabled={!canUndo}
          onClick={onUndo}
        >
          <Undo2 aria-hidden="true" />
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={texts.redo}
          title={`${texts.redo} (Ctrl+Shift+Z)`}
          disabled={!canRedo}
          onClick={onRedo}
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
  );
}
