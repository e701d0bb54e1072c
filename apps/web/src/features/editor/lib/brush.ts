// The touch-up brush's model, apart from React: strokes in image pixels, an undo/redo history
// that replays strokes (no pixel snapshots: a 12 MP mask is 48 MB a copy), drawing a stroke on
// the mask canvas, and the view's zoom and pan.

export type BrushMode = 'erase' | 'restore';

export interface Stroke {
  mode: BrushMode;
  /** Diameter in image pixels. */
  size: number;
  /** x0, y0, x1, y1, … in image pixels. */
  points: number[];
}

export interface History {
  done: readonly Stroke[];
  undone: readonly Stroke[];
}

export const emptyHistory: History = { done: [], undone: [] };

export function commit(history: History, stroke: Stroke): History {
  return { done: [...history.done, stroke], undone: [] };
}

export function undo(history: History): History {
  const last = history.done.at(-1);
  if (!last) return history;
  return { done: history.done.slice(0, -1), undone: [...history.undone, last] };
}

export function redo(history: History): History {
  const next = history.undone.at(-1);
  if (!next) return history;
  return { done: [...history.done, next], undone: history.undone.slice(0, -1) };
}

export const MIN_BRUSH = 2;
export const MAX_BRUSH = 400;

export function clampBrush(size: number): number {
  return Math.round(Math.min(MAX_BRUSH, Math.max(MIN_BRUSH, size)));
}

/** A brush a person can see on this image: about 4% of its shorter side. */
export function defaultBrush(width: number, height: number): number {
  return clampBrush(Math.min(width, height) * 0.04);
}

/**
 * Paints one piece of a stroke on the mask (its alpha is the subject): Erase clears, Restore
 * makes it opaque. A piece with one point is a dot.
 */
export function paint(
  ctx: CanvasRenderingContext2D,
  mode: BrushMode,
  size: number,
  points: readonly number[],
): void {
  if (points.length < 2) return;
  ctx.save();
  ctx.globalCompositeOperation = mode === 'erase' ? 'destination-out' : 'source-over';
  ctx.fillStyle = '#ffffff';
  ctx.strokeStyle = '#ffffff';
  ctx.lineWidth = size;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  if (points.length === 2) {
    ctx.arc(points[0]!, points[1]!, size / 2, 0, Math.PI * 2);
    ctx.fill();
  } else {
    ctx.moveTo(points[0]!, points[1]!);
    for (let i = 2; i + 1 < points.length; i += 2) ctx.lineTo(points[i]!, points[i + 1]!);
    ctx.stroke();
  }
  ctx.restore();
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The pixels a piece of a stroke touches, clipped to the image. */
export function boundsOf(
  points: readonly number[],
  size: number,
  width: number,
  height: number,
): Rect | null {
  if (points.length < 2) return null;
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let i = 0; i + 1 < points.length; i += 2) {
    minX = Math.min(minX, points[i]!);
    maxX = Math.max(maxX, points[i]!);
    minY = Math.min(minY, points[i + 1]!);
    maxY = Math.max(maxY, points[i + 1]!);
  }
  const pad = size / 2 + 2;
  const x = Math.max(0, Math.floor(minX - pad));
  const y = Math.max(0, Math.floor(minY - pad));
  const right = Math.min(width, Math.ceil(maxX + pad));
  const bottom = Math.min(height, Math.ceil(maxY + pad));
  if (right <= x || bottom <= y) return null;
  return { x, y, width: right - x, height: bottom - y };
}

/** Where the image sits in the viewport: screen = image × scale + (x, y). */
export interface View {
  scale: number;
  x: number;
  y: number;
}

export const MAX_ZOOM = 16;

/** The whole image, centred, as large as the viewport allows (never enlarged past 100%). */
export function fitView(width: number, height: number, viewW: number, viewH: number): View {
  const scale = Math.min(1, viewW / width, viewH / height) || 1;
  return { scale, x: (viewW - width * scale) / 2, y: (viewH - height * scale) / 2 };
}

/** Zooms by `factor` keeping the image point under (cx, cy) (viewport pixels) where it is. */
export function zoomAt(view: View, factor: number, cx: number, cy: number, minScale: number): View {
  const scale = Math.min(MAX_ZOOM, Math.max(minScale, view.scale * factor));
  const k = scale / view.scale;
  return { scale, x: cx - (cx - view.x) * k, y: cy - (cy - view.y) * k };
}
