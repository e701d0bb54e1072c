import type { ReactNode } from 'react';
import { Card } from '../ui/card';
import { HorizontalScroll } from '../ui/horizontal-scroll';
import { Spinner } from '../ui/spinner';
import { cn } from '../../lib/cn';

export type ListColumn = string | { label: string; className?: string };

/**
 * An admin list's table in its card: an optional `header` (title or filters), the column heads,
 * the rows (`children`), a line when there are none, and an optional `footer` (the pager).
 * Below `minWidth` (a Tailwind class) the table scrolls sideways inside its own box, so a 360 px
 * phone scrolls the table, never the page; an edge shadow shows there is more to the right and
 * the first column stays in view (`HorizontalScroll`). `label` or `labelledBy` (a heading's id)
 * names that box while it scrolls.
 */
export function ListTable({
  columns,
  minWidth,
  label,
  labelledBy,
  header,
  footer,
  rows,
  pending,
  failed = false,
  texts,
  bodyClassName,
  className,
  children,
}: {
  columns: readonly ListColumn[];
  minWidth: string;
  label?: string;
  labelledBy?: string;
  header?: ReactNode;
  footer?: ReactNode;
  /** How many rows there are; undefined until the first answer. */
  rows: number | undefined;
  pending: boolean;
  failed?: boolean;
  texts: { empty: string; loading?: string; failed?: string };
  bodyClassName?: string;
  className?: string;
  children: ReactNode;
}) {
  const notice =
    rows === undefined && failed && texts.failed ? (
      texts.failed
    ) : rows === 0 ? (
      texts.empty
    ) : rows === undefined && pending ? (
      <span className="flex items-center justify-center gap-2">
        <Spinner /> {texts.loading}
      </span>
    ) : null;
  return (
    <Card className={cn('overflow-hidden', className)}>
      {header}
      <HorizontalScroll label={label} labelledBy={labelledBy} stickyFirstColumn>
        <table className={cn('w-full text-left text-sm', minWidth)}>
          <thead className="bg-subtle text-xs text-muted-foreground">
            <tr>
              {columns.map((column) => {
                const { label, className: columnClass } =
                  typeof column === 'string' ? { label: column, className: undefined } : column;
                return (
                  <th key={label} scope="col" className={cn('px-5 py-3 font-medium', columnClass)}>
                    {label}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className={cn('divide-y divide-border', bodyClassName)}>{children}</tbody>
        </table>
      </HorizontalScroll>
      {notice !== null && (
        <div className="px-5 py-12 text-center text-sm text-muted-foreground">{notice}</div>
      )}
      {footer}
    </Card>
  );
}

/** The bar above a table: its title (with a test id for the count) and a spinner while it loads. */
export function ListTitle({
  children,
  id,
  testId,
  busy,
  busyLabel,
}: {
  children: ReactNode;
  id?: string;
  testId?: string;
  busy: boolean;
  busyLabel: string;
}) {
  return (
    <div className="flex items-center justify-between gap-3 border-b border-border px-5 py-4">
      <h2 id={id} className="text-base font-semibold" data-testid={testId}>
        {children}
      </h2>
      {busy && <Spinner aria-label={busyLabel} />}
    </div>
  );
}
