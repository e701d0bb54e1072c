import { useCallback, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { boundsOf, paint, type Rect, type Stroke } from '../lib/brush';
import { drawBase, paintStroke } from '../lib/mask-canvas';
import type { TouchUpImages } from './use-touch-up-images';

/**
 * What the touch-up shows: the photo through the mask (or the photo alone in the Before view) on
 * a canvas at image size, redrawn where a stroke paints and rebuilt from the strokes still done.
 */
export function useMaskRender({
  canvasRef,
  maskRef,
  images,
  before,
  fit,
}: {
  canvasRef: RefObject<HTMLCanvasElement | null>;
  maskRef: RefObject<HTMLCanvasElement | null>;
  images: TouchUpImages | null;
  before: boolean;
  /** Fits the view once the canvas has the image's size. */
  fit: () => void;
}) {
  // The latest value for the handlers registered once.
  const beforeRef = useRef(before);
  useLayoutEffect(() => {
    beforeRef.current = before;
  });

  /** Draws the cut-out (the photo through the mask), or the photo alone in the Before view. */
  const render = useCallback(
    (rect?: Rect | null) => {
      const ctx = canvasRef.current?.getContext('2d');
      const maskCanvas = maskRef.current;
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
      if (!beforeRef.current) {
        ctx.globalCompositeOperation = 'destination-in';
        ctx.drawImage(maskCanvas, 0, 0);
      }
      ctx.restore();
    },
    [images, canvasRef, maskRef],
  );

  /** The mask from its base and the strokes still done (after an undo or a redo). */
  const rebuild = useCallback(
    (strokes: readonly Stroke[]) => {
      const ctx = maskRef.current?.getContext('2d');
      if (!ctx || !images) return;
      drawBase(ctx, images.refined);
      for (const stroke of strokes) paintStroke(ctx, stroke);
      render();
    },
    [images, render, maskRef],
  );

  useEffect(() => {
    if (!images || !canvasRef.current) return;
    canvasRef.current.width = images.width;
    canvasRef.current.height = images.height;
    render();
    fit();
  }, [images, render, fit, canvasRef]);

  useEffect(() => {
    render();
  }, [before, render]);

  /** Paints one piece of a stroke on the mask and redraws only where it painted. */
  const paintPiece = (stroke: Stroke, points: number[]) => {
    const ctx = maskRef.current?.getContext('2d');
    if (!ctx || !images) return;
    paint(ctx, stroke.mode, stroke.size, points);
    render(boundsOf(points, stroke.size, images.width, images.height));
  };

  return { render, rebuild, paintPiece };
}
