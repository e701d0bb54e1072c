import { paint, type Stroke } from './brush';

// The touch-up's canvases, apart from React: the images it loads, the mask's base (the cut-out's
// alpha) and a stroke replayed on it (issue 25, decision 0150).

export function loadImage(src: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = 'async';
  image.src = src;
  return image.decode().then(() => image);
}

/** Paints a stroke piece by piece, exactly as it was painted live. */
export function paintStroke(ctx: CanvasRenderingContext2D, stroke: Stroke): void {
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
export function drawBase(ctx: CanvasRenderingContext2D, refined: HTMLImageElement): void {
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
