import { useEffect, type RefObject } from 'react';

/** The sticky header's height, on <html>, for what must stay clear of it (the toasts). */
export const headerHeightVar = '--app-header-height';

/**
 * Publishes the height of the page's sticky header (which sits at the top of the screen) as
 * `--app-header-height`, following it as it changes (the phone menu opening, a wrap), so the
 * toasts can sit below the header's controls rather than over them (provider.tsx).
 */
export function useHeaderHeight(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty(headerHeightVar, `${element.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(headerHeightVar);
    };
  }, [header]);
}
