import { ChevronRight } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { cn } from '../../lib/cn';

type Edges = { before: boolean; after: boolean };

/**
 * A box that scrolls sideways when its content (a wide table) is wider than the screen, and
 * shows it: an edge shadow with a chevron on the side where more lies hidden, gone once scrolled
 * to that end. With `stickyFirstColumn` the table's first column stays in view (capped in width
 * on a phone) so each row keeps its name while the other columns scroll under it. While it
 * overflows, the box is a named, focusable region, so a keyboard can scroll it too.
 */
export function HorizontalScroll({
  label,
  labelledBy,
  stickyFirstColumn = false,
  className,
  children,
}: {
  /** The region's name while it scrolls (or `labelledBy`, the id of its heading). */
  label?: string;
  labelledBy?: string;
  stickyFirstColumn?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ before: false, after: false });

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const update = () => {
      const hidden = element.scrollWidth - element.clientWidth;
      const before = element.scrollLeft > 1;
      const after = hidden - element.scrollLeft > 1;
      setEdges((old) => (old.before === before && old.after === after ? old : { before, after }));
    };
    update();
    element.addEventListener('scroll', update, { passive: true });
    // The content grows when rows arrive; the box changes with the window.
    const observer = new ResizeObserver(update);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => {
      element.removeEventListener('scroll', update);
      observer.disconnect();
    };
  }, [children]);

  const scrolls = edges.before || edges.after;
  return (
    <div
      className={cn('relative', className)}
      data-scroll-before={edges.before || undefined}
      data-scroll-after={edges.after || undefined}
    >
      <div
        ref={box}
        className={cn(
          // relative: an absolutely placed child (an sr-only column name) is contained by the
          // scrolling box, not the outer one, so it cannot widen the page (issue 39's 455 px).
          'relative overflow-x-auto outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
          stickyFirstColumn && stickyColumnClasses,
          stickyFirstColumn && edges.before && stickyShadowClasses,
        )}
        {...(scrolls
          ? {
              role: 'region',
              tabIndex: 0,
              'aria-label': labelledBy ? undefined : label,
              'aria-labelledby': labelledBy,
            }
          : {})}
      >
        {children}
      </div>
      {/* Decoration only: a screen reader reads every column in order anyway. */}
      {!stickyFirstColumn && (
        <div
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute inset-y-0 left-0 w-6 bg-linear-to-r from-black/10 to-transparent transition-opacity duration-150 dark:from-black/50',
            edges.before ? 'opacity-100' : 'opacity-0',
          )}
        />
      )}
      <div
        aria-hidden="true"
        data-testid="more-to-the-right"
        className={cn(
          'pointer-events-none absolute inset-y-0 right-0 flex w-10 items-start justify-end bg-linear-to-l from-black/12 via-black/4 to-transparent transition-opacity duration-150 dark:from-black/60 dark:via-black/25',
          edges.after ? 'opacity-100' : 'invisible opacity-0',
        )}
      >
        {/* Near the top, where the column heads are, so it is seen on a long table too. */}
        <span className="mt-2 mr-1 flex size-6 items-center justify-center rounded-full border border-border bg-card text-muted-foreground shadow-sm">
          <ChevronRight className="size-4" />
        </span>
      </div>
    </div>
  );
}

// The first cell of every row sticks to the left edge on an opaque background (the head's
// `bg-subtle`, the body's card), 9rem wide on a phone so the other columns have room (a table
// cell ignores max-width; its width holds once its text may wrap anywhere).
const stickyColumnClasses = [
  '[&_tr>:first-child]:sticky [&_tr>:first-child]:left-0 [&_tr>:first-child]:z-[1]',
  '[&_thead_tr>:first-child]:bg-subtle [&_tbody_tr>:first-child]:bg-card',
  'max-sm:[&_tr>:first-child]:w-36 max-sm:[&_tr>:first-child]:[overflow-wrap:anywhere]',
].join(' ');

// Once scrolled, a shadow on the first column's right edge says columns pass under it.
const stickyShadowClasses =
  '[&_tr>:first-child]:shadow-[6px_0_8px_-6px_rgb(0_0_0/0.25)] dark:[&_tr>:first-child]:shadow-[6px_0_8px_-6px_rgb(0_0_0/0.7)]';
