import type { Job } from '@cutout/contracts';
import { useEffect, useRef, useState } from 'react';
import { defaultBrush } from '../lib/brush';
import { drawBase, loadImage } from '../lib/mask-canvas';

export interface TouchUpImages {
  original: HTMLImageElement;
  refined: HTMLImageElement;
  width: number;
  height: number;
}

/**
 * The photo and the current cut-out of a job, and the mask: one canvas at image size that starts
 * as the cut-out's alpha. Once loaded, the brush gets a size a person can see on this image.
 */
export function useTouchUpImages(job: Job, setBrushSize: (size: number) => void) {
  const maskRef = useRef<HTMLCanvasElement | null>(null);
  const [images, setImages] = useState<TouchUpImages | null>(null);
  const [failed, setFailed] = useState(false);

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
        maskRef.current = maskCanvas;
        setBrushSize(defaultBrush(width, height));
        setImages({ original, refined, width, height });
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [job.original, job.result, setBrushSize]);

  return { images, failed, maskRef };
}
