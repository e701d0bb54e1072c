import { useId, type ReactNode } from 'react';
import { ListTable, ListTitle, type ListColumn } from './list-table';
import { pageCount, Pagination } from './pager';

/** One page of a server-paged list, as the list endpoints answer it. */
export type ListPage = { total: number; perPage: number };

/**
 * A server-paged list in its card: the title with the count (and a spinner while it loads), the
 * table, and Previous / 'Page X of Y' / Next once there is more than one page.
 */
export function PagedListTable({
  title,
  titleTestId,
  columns,
  minWidth,
  data,
  rows,
  fetching,
  pending,
  page,
  onPage,
  texts,
  className,
  children,
}: {
  title: ReactNode;
  titleTestId: string;
  columns: readonly ListColumn[];
  minWidth: string;
  data: ListPage | undefined;
  rows: number | undefined;
  fetching: boolean;
  pending: boolean;
  page: number;
  onPage: (page: number) => void;
  texts: {
    empty: string;
    loading: string;
    previous: string;
    next: string;
    pageOf: (page: number, pages: number) => string;
  };
  className?: string;
  children: ReactNode;
}) {
  const pages = data ? pageCount(data.total, data.perPage) : 1;
  const titleId = useId();
  return (
    <ListTable
      className={className}
      columns={columns}
      minWidth={minWidth}
      labelledBy={titleId}
      header={
        <ListTitle id={titleId} testId={titleTestId} busy={fetching} busyLabel={texts.loading}>
          {title}
        </ListTitle>
      }
      footer={
        data && pages > 1 && <Pagination page={page} pages={pages} onPage={onPage} texts={texts} />
      }
      rows={rows}
      pending={pending}
      texts={texts}
    >
      {children}
    </ListTable>
  );
}
