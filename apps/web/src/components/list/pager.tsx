import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { cn } from '../../lib/cn';

type PagerStep = { label: string; disabled: boolean; onClick: () => void };

/**
 * The bar under a list: an optional `summary` ("Showing 1 to 10 of 24 pages"), a step back, where
 * the list is, and a step on. Numbered lists use `Pagination`; the audit log steps by cursor.
 */
export function Pager({
  summary,
  position,
  previous,
  next,
}: {
  summary?: ReactNode;
  position?: ReactNode;
  previous: PagerStep;
  next: PagerStep;
}) {
  const steps = (
    <div className={cn('flex items-center justify-between gap-3', !summary && 'flex-1')}>
      <Button variant="outline" size="sm" disabled={previous.disabled} onClick={previous.onClick}>
        {previous.label}
      </Button>
      {position}
      <Button variant="outline" size="sm" disabled={next.disabled} onClick={next.onClick}>
        {next.label}
      </Button>
    </div>
  );
  return (
    <div className="flex flex-col gap-3 border-t border-border px-5 py-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      {summary}
      {steps}
    </div>
  );
}

/** How many pages `total` rows fill, `perPage` a page (at least one). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/** Previous, 'Page X of Y' (from the second page on) and Next for a numbered list. */
export function Pagination({
  page,
  pages,
  onPage,
  texts,
  summary,
  positionTestId,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  texts: { previous: string; next: string; pageOf: (page: number, pages: number) => string };
  summary?: ReactNode;
  positionTestId?: string;
}) {
  return (
    <Pager
      summary={summary}
      position={
        pages > 1 ? (
          <span className="text-muted-foreground tabular-nums" data-testid={positionTestId}>
            {texts.pageOf(page, pages)}
          </span>
        ) : null
      }
      previous={{ label: texts.previous, disabled: page <= 1, onClick: () => onPage(page - 1) }}
      next={{ label: texts.next, disabled: page >= pages, onClick: () => onPage(page + 1) }}
    />
  );
}
