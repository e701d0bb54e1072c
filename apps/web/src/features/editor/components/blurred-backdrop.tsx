import { useEffect, useRef, useState } from 'react';
import { blurFilter } from '../lib/backdrop';
import { blurSigma, joinBlurs, withBackgroundWeights } from '../lib/weighted-blur';

/** The preview is drawn at most this wide: the blur hides any finer detail. */
const PREVIEW_SIDE = 640;

function loaded(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  return image.decode().then(() => image);
}

/** A 2D canvas of `width`×`height`, or null where the browser gives none. */
function canvas2d(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas.getContext('2d', { willReadFrequently: true });
}

/**
 * Draws into `target` the photo's own background blurred as the download will be (lib/
 * weighted-blur.ts). False where this browser cannot (no canvas filter, a cross-origin image):
 * the CSS blur then stays.
 */
async function drawWeightedBlur(
  target: HTMLCanvasElement,
  originalUrl: string,
  cutoutUrl: string,
): Promise<boolean> {
  const [photo, cutout] = await Promise.all([loaded(originalUrl), loaded(cutoutUrl)]);
  const scale = Math.min(1, PREVIEW_SIDE / Math.max(photo.naturalWidth, photo.naturalHeight));
  const width = Math.max(1, Math.round(photo.naturalWidth * scale));
  const height = Math.max(1, Math.round(photo.naturalHeight * scale));
  const read = canvas2d(width, height);
  const blur = canvas2d(width, height);
  const layer = canvas2d(width, height);
  if (!read || !blur || !layer || !('filter' in blur)) return false;
  read.drawImage(photo, 0, 0, width, height);
  const pixels = read.getImageData(0, 0, width, height).data;
  read.clearRect(0, 0, width, height);
  read.drawImage(cutout, 0, 0, width, height);
  const mask = read.getImageData(0, 0, width, height).data;
  const filter = `blur(${blurSigma(width, height).toFixed(2)}px)`;
  const blurred = (source: CanvasImageSource) => {
    blur.clearRect(0, 0, width, height);
    blur.filter = filter;
    blur.drawImage(source, 0, 0);
    blur.filter = 'none';
    return blur.getImageData(0, 0, width, height).data;
  };
  layer.putImageData(new ImageData(withBackgroundWeights(pixels, mask), width, height), 0, 0);
  const weighted = blurred(layer.canvas);
  layer.clearRect(0, 0, width, height);
  layer.drawImage(photo, 0, 0, width, height);
  const plain = blurred(layer.canvas);
  target.width = width;
  target.height = height;
  target
    .getContext('2d')
    ?.putImageData(new ImageData(joinBlurs(weighted, plain), width, height), 0, 0);
  return true;
}

/**
 * The photo's own background, blurred without the subject bleeding into it, as the engine
 * draws it. Until that is drawn (or where the browser cannot draw it) the photo is blurred by
 * CSS, which shows a faint halo around the subject.
 */
export function BlurredBackdrop({
  originalUrl,
  cutoutUrl,
  aspect,
}: {
  originalUrl: string;
  cutoutUrl: string | undefined;
  aspect: number;
}) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState<string | null>(null);
  const key = `${originalUrl} ${cutoutUrl ?? ''}`;
  useEffect(() => {
    const target = canvasRef.current;
    if (!target || !cutoutUrl) return;
    let live = true;
    drawWeightedBlur(target, originalUrl, cutoutUrl).then(
      (ok) => {
        if (live && ok) setDrawn(key);
      },
      // A cross-origin image taints the canvas; a failed decode: the CSS blur stays.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [originalUrl, cutoutUrl, key]);
  const ready = drawn === key;
  return (
    <>
      {ready ? null : (
        <img
          src={originalUrl}
          alt=""
          className="absolute inset-0 size-full scale-105 object-fill"
          style={{ filter: blurFilter(aspect) }}
        />
      )}
      <canvas
        ref={canvasRef}
        aria-hidden="true"
        data-testid="blurred-backdrop"
        data-ready={ready ? 'true' : undefined}
        className={ready ? 'absolute inset-0 size-full' : 'hidden'}
      />
    </>
  );
}
