import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { fitView, zoomAt, type View } from '../lib/brush';
import type { TouchUpImages } from './use-touch-up-images';

/**
 * The touch-up's view of the image: its scale and offset in the viewport, fitted on load, zoomed
 * around a point (the wheel zooms around the pointer) and never below half the fitted scale.
 */
export function useZoomPan(
  viewportRef: RefObject<HTMLDivElement | null>,
  images: TouchUpImages | null,
) {
  const [view, setView] = useState<View>({ scale: 1, x: 0, y: 0 });
  const [minScale, setMinScale] = useState(0.05);
  // The latest values for the handlers registered once.
  const latestRef = useRef({ view, minScale });
  useLayoutEffect(() => {
    latestRef.current = { view, minScale };
  });

  const fit = useCallback(() => {
    const box = viewportRef.current?.getBoundingClientRect();
    if (!box || !images) return;
    const fitted = fitView(images.width, images.height, box.width, box.height);
    setMinScale(Math.min(fitted.scale, 1) / 2);
    setView(fitted);
  }, [images, viewportRef]);

  const zoomBy = useCallback(
    (factor: number, cx?: number, cy?: number) => {
      const box = viewportRef.current?.getBoundingClientRect();
      if (!box) return;
      const { view: current, minScale: min } = latestRef.current;
      setView(zoomAt(current, factor, cx ?? box.width / 2, cy ?? box.height / 2, min));
    },
    [viewportRef],
  );

  // The wheel zooms around the pointer (a non-passive listener, so the page does not scroll).
  useEffect(() => {
    const element = viewportRef.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const box = element.getBoundingClientRect();
      zoomBy(event.deltaY < 0 ? 1.2 : 1 / 1.2, event.clientX - box.left, event.clientY - box.top);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, [zoomBy, images, viewportRef]);

  return { view, setView, minScale, fit, zoomBy };
}
