import { useId, type ReactNode } from 'react';
import { ListTable, ListTitle, type ListColumn } from './list-table';
import { pageCount, Pagination } from './pager';

/** One page of a server-paged list, as the list endpoints answer it. */
export type ListPage = { total: number; perPage: number };

/** What PagedListTable reads of a list query (a TanStack Query result). */
export type ListQuery<Data> = { data: Data | undefined; isFetching: boolean; isPending: boolean };

/**
 * A server-paged list in its card: the title with the count (and a spinner while `query`
 * loads), the table with a row per item (`children` renders one), and Previous / 'Page X of Y' /
 * Next once there is more than one page; `list` (useListParams) holds the page.
 */
export function PagedListTable<Data extends ListPage, Item>({
  title,
  titleTestId,
  columns,
  minWidth,
  query,
  items,
  list,
  texts,
  className,
  children,
}: {
  title: ReactNode;
  titleTestId: string;
  columns: readonly ListColumn[];
  minWidth: string;
  query: ListQuery<Data>;
  /** The page's items out of the answer. */
  items: (data: Data) => readonly Item[];
  list: { params: { page: number }; setPage: (page: number) => void };
  texts: {
    empty: string;
    loading: string;
    previous: string;
    next: string;
    pageOf: (page: number, pages: number) => string;
  };
  className?: string;
  children: (item: Item) => ReactNode;
}) {
  const { data } = query;
  const rows = data ? items(data) : undefined;
  const pages = data ? pageCount(data.total, data.perPage) : 1;
  const titleId = useId();
  return (
    <ListTable
      className={className}
      columns={columns}
      minWidth={minWidth}
      labelledBy={titleId}
      header={
        <ListTitle
          id={titleId}
          testId={titleTestId}
          busy={query.isFetching}
          busyLabel={texts.loading}
        >
          {title}
        </ListTitle>
      }
      footer={
        data &&
        pages > 1 && (
          <Pagination page={list.params.page} pages={pages} onPage={list.setPage} texts={texts} />
        )
      }
      rows={rows?.length}
      pending={query.isPending}
      texts={texts}
    >
      {rows?.map(children)}
    </ListTable>
  );
}
