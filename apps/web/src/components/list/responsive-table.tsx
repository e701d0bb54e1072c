import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { useMediaQuery } from '../../lib/use-media-query';
import { Card } from '../ui/card';
import { HorizontalScroll } from '../ui/horizontal-scroll';

export type TableLayout = 'table' | 'cards';

export type ResponsiveColumn<Row> = {
  /** The column head, and the field's label on a card. */
  label: string;
  /** The head is for screen readers only (a column of buttons). */
  hideLabel?: boolean;
  /** Right-aligned in the table (amounts, counts). */
  numeric?: boolean;
  /** On a card: a labelled field (default), or the buttons at its foot, without a label. */
  role?: 'field' | 'actions';
  cell: (row: Row, layout: TableLayout) => ReactNode;
};

/** Tailwind's `md`: narrower screens get the cards. */
export const cardsQuery = '(max-width: 767.98px)';

/**
 * A list that is a table on a wide screen and a stack of cards on a phone, where a table of many
 * columns could only scroll sideways: each row a card with every field labelled (a `<dl>`) and
 * its buttons at the foot. One DOM at a time (the layout follows the screen's width), so test ids
 * and accessible names are the same in both. The table, should it still be wider than its box
 * between the breakpoint and the desktop, scrolls in a `HorizontalScroll`.
 */
export function ResponsiveTable<Row>({
  rows,
  columns,
  rowKey,
  label,
  testId,
  rowTestId,
  footer,
}: {
  rows: readonly Row[];
  columns: readonly ResponsiveColumn<Row>[];
  rowKey: (row: Row) => string;
  /** Names the list of cards, and the table's box while it scrolls. */
  label: string;
  testId?: string;
  rowTestId?: string;
  footer?: ReactNode;
}) {
  const cards = useMediaQuery(cardsQuery);
  if (cards) {
    const fields = columns.filter((column) => column.role !== 'actions');
    const actions = columns.filter((column) => column.role === 'actions');
    return (
      <div>
        <ul aria-label={label} data-testid={testId} className="grid gap-3">
          {rows.map((row) => (
            <li key={rowKey(row)} data-testid={rowTestId}>
              <Card className="p-4 shadow-xs">
                <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
                  {fields.map((column) => (
                    <div key={column.label} className="contents">
                      <dt className="text-muted-foreground">{column.label}</dt>
                      <dd className="text-right [overflow-wrap:anywhere]">
                        {column.cell(row, 'cards')}
                      </dd>
                    </div>
                  ))}
                </dl>
                {actions.map((column) => (
                  <div
                    key={column.label}
                    className="mt-3 flex flex-wrap justify-end gap-2 border-t border-border pt-3"
                  >
                    {column.cell(row, 'cards')}
                  </div>
                ))}
              </Card>
            </li>
          ))}
        </ul>
        {footer}
      </div>
    );
  }
  return (
    <Card className="overflow-hidden p-0 shadow-xs">
      <HorizontalScroll label={label}>
        <table className="w-full text-sm" data-testid={testId}>
          <thead className="border-b border-border text-left text-muted-foreground">
            <tr>
              {columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={cn('px-3 py-2 font-medium', column.numeric && 'text-right')}
                >
                  {column.hideLabel ? (
                    <span className="sr-only">{column.label}</span>
                  ) : (
                    column.label
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr
                key={rowKey(row)}
                className="border-b border-border last:border-0"
                data-testid={rowTestId}
              >
                {columns.map((column) => (
                  <td
                    key={column.label}
                    className={cn('px-3 py-2', column.numeric && 'text-right tabular-nums')}
                  >
                    {column.cell(row, 'table')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </HorizontalScroll>
      {footer}
    </Card>
  );
}
