import {
  useRef,
  useState,
  type Dispatch,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  type SetStateAction,
} from 'react';
import { zoomAt, type BrushMode, type History, type Stroke, type View } from '../lib/brush';
import type { TouchUpImages } from './use-touch-up-images';

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

/** The values a gesture reads when it starts or moves, kept current for the handlers. */
export interface GestureValues {
  mode: BrushMode;
  size: number;
  view: View;
  minScale: number;
  history: History;
}

/**
 * Mouse, pen and touch on the touch-up's canvas: one pointer paints a stroke (or pans, with Space
 * held or the middle or right button), two fingers pinch to zoom and pan, and the mouse shows
 * the brush's outline where it is.
 */
export function usePointerGestures({
  viewportRef,
  canvasRef,
  liveRef,
  spaceRef,
  images,
  busy,
  setView,
  rebuild,
  paintPiece,
  commitStroke,
}: {
  viewportRef: RefObject<HTMLDivElement | null>;
  canvasRef: RefObject<HTMLCanvasElement | null>;
  liveRef: RefObject<GestureValues>;
  /** Whether Space is held (pointers then pan). */
  spaceRef: RefObject<boolean>;
  images: TouchUpImages | null;
  /** Nothing is painted while the mask is being saved or reset. */
  busy: boolean;
  setView: Dispatch<SetStateAction<View>>;
  rebuild: (strokes: readonly Stroke[]) => void;
  paintPiece: (stroke: Stroke, points: number[]) => void;
  commitStroke: (stroke: Stroke) => void;
}) {
  const [cursor, setCursor] = useState<{ x: number; y: number } | null>(null);
  const gesture = useRef<Gesture | null>(null);
  const pointers = useRef(new Map<number, { x: number; y: number }>());

  /** Image pixels under a pointer. */
  const imagePoint = (event: ReactPointerEvent): [number, number] | null => {
    const box = canvasRef.current?.getBoundingClientRect();
    if (!box || !images || box.width === 0) return null;
    return [
      ((event.clientX - box.left) * images.width) / box.width,
      ((event.clientY - box.top) * images.height) / box.height,
    ];
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!images || busy) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 2) {
      // A second finger: the stroke the first one began was the start of a pinch, not paint.
      if (gesture.current?.kind === 'stroke') rebuild(liveRef.current.history.done);
      const [a, b] = [...pointers.current.values()] as [
        { x: number; y: number },
        { x: number; y: number },
      ];
      const box = viewportRef.current!.getBoundingClientRect();
      gesture.current = {
        kind: 'pinch',
        start: liveRef.current.view,
        distance: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        midX: (a.x + b.x) / 2 - box.left,
        midY: (a.y + b.y) / 2 - box.top,
      };
      return;
    }
    if (pointers.current.size > 2) return;
    if (spaceRef.current || event.button === 1 || event.button === 2) {
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
    const stroke: Stroke = {
      mode: liveRef.current.mode,
      size: liveRef.current.size,
      points: point,
    };
    gesture.current = { kind: 'stroke', pointer: event.pointerId, stroke };
    paintPiece(stroke, point);
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    const box = viewportRef.current?.getBoundingClientRect();
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
        liveRef.current.minScale,
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
      if (event.type === 'pointercancel') rebuild(liveRef.current.history.done);
      else commitStroke(current.stroke);
      gesture.current = null;
    } else if (current?.kind === 'pan' && current.pointer === event.pointerId) {
      gesture.current = null;
    } else if (current?.kind === 'pinch' && pointers.current.size < 2) {
      gesture.current = null;
    }
  };

  const onPointerLeave = () => setCursor(null);

  return { cursor, onPointerDown, onPointerMove, onPointerEnd, onPointerLeave };
}
