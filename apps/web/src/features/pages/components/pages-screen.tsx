import {
  limits,
  pagesTexts,
  pageStatuses,
  pageTemplates,
  type PageStatus,
  type PageSummary,
  type PageTemplate,
} from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Archive,
  ExternalLink,
  Eye,
  FileText,
  Globe,
  PencilLine,
  Plus,
  Trash2,
} from 'lucide-react';
import { useState } from 'react';
import { ListTable } from '../../../components/list/list-table';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { pageCount, Pagination } from '../../../components/list/pager';
import { SearchBox } from '../../../components/list/search-box';
import { StatCard } from '../../../components/list/stat-card';
import { useListParams } from '../../../components/list/use-list-params';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import { formatDate } from '../../../lib/format-date';
import { useErrorToast } from '../../../lib/use-error-toast';
import { pageAddress, pageListQueryOptions, pageStatsQueryOptions } from '../api/pages';
import { DeletePageDialog } from './delete-page-dialog';
import { PageDialog } from './page-dialog';
import { SeoScore } from './seo-score';

// Page Management (spec §2 Admin): stat cards, search, status and template filters (a change
// goes back to page 1, §4), the table, 10 pages a page (§9) with 'Showing X to Y of N pages',
// Previous / Next and 'Page X of Y', and the Add, Edit and Delete dialogs.

const t = pagesTexts;
const perPage = limits.pageListSize;
const blank = {
  search: '',
  status: '' as PageStatus | '',
  template: '' as PageTemplate | '',
  page: 1,
};

const statusStyles: Record<PageStatus, string> = {
  published: 'bg-emerald-500/12 text-emerald-700 ring-emerald-600/25 dark:text-emerald-300',
  draft: 'bg-muted text-muted-foreground ring-border',
  archived: 'bg-amber-500/12 text-amber-800 ring-amber-600/25 dark:text-amber-200',
};

function RowActions({
  page,
  onEdit,
  onDelete,
}: {
  page: PageSummary;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const live = page.status === 'published';
  return (
    <div className="flex items-center justify-end gap-0.5">
      <Button
        variant="ghost"
        size="sm"
        onClick={onEdit}
        aria-label={`${t.actions.edit} ${page.title}`}
      >
        <PencilLine aria-hidden="true" />
        <span className="sr-only">{t.actions.edit}</span>
      </Button>
      <Button asChild variant="ghost" size="icon">
        <a
          href={pageAddress(page.slug, { preview: true })}
          target="_blank"
          rel="noopener"
          title={t.actions.preview}
          aria-label={`${t.actions.preview} ${page.title}`}
        >
          <Eye aria-hidden="true" />
          <span className="sr-only">{t.actions.preview}</span>
        </a>
      </Button>
      {live ? (
        <Button asChild variant="ghost" size="icon">
          <a
            href={pageAddress(page.slug)}
            target="_blank"
            rel="noopener"
            title={t.actions.viewLive}
            aria-label={`${t.actions.viewLive} ${page.title}`}
          >
            <ExternalLink aria-hidden="true" />
            <span className="sr-only">{t.actions.viewLive}</span>
          </a>
        </Button>
      ) : (
        <Button
          variant="ghost"
          size="icon"
          disabled
          title={t.viewLiveUnpublished}
          aria-label={`${t.actions.viewLive} ${page.title}`}
        >
          <ExternalLink aria-hidden="true" />
          <span className="sr-only">{t.actions.viewLive}</span>
        </Button>
      )}
      <Button
        variant="ghost"
        size="icon"
        onClick={onDelete}
        title={t.actions.delete}
        className="text-red-600 hover:bg-red-500/10 dark:text-red-400"
        aria-label={`${t.actions.delete} ${page.title}`}
      >
        <Trash2 aria-hidden="true" />
        <span className="sr-only">{t.actions.delete}</span>
      </Button>
    </div>
  );
}

export function PagesScreen() {
  const list = useListParams(blank);
  const { page, status, template } = list.params;
  const [dialog, setDialog] = useState<{ open: boolean; editId: string | undefined }>({
    open: false,
    editId: undefined,
  });
  const [deleting, setDeleting] = useState<PageSummary | undefined>();

  const pageList = useQuery(
    pageListQueryOptions({
      page,
      perPage,
      status: status || undefined,
      template: template || undefined,
      search: list.query.search.trim() || undefined,
    }),
  );
  // Spec §7: failures of the stats call are silently ignored (the cards show '—').
  const stats = useQuery(pageStatsQueryOptions);

  useErrorToast(pageList.error, { title: t.loadFailed, fallback: t.loadFailed });

  const total = pageList.data?.total ?? 0;
  const pages = pageCount(total, perPage);
  const rows = pageList.data?.pages ?? [];
  const from = total === 0 ? 0 : (page - 1) * perPage + 1;
  const to = Math.min(page * perPage, total);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t.title}</h1>
          <p className="mt-2 text-muted-foreground">{t.intro}</p>
        </div>
        <Button onClick={() => setDialog({ open: true, editId: undefined })}>
          <Plus aria-hidden="true" />
          {t.addPage}
        </Button>
      </div>

      <div className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {(
          [
            ['total', <FileText key="total" />],
            ['published', <Globe key="published" />],
            ['draft', <PencilLine key="draft" />],
            ['archived', <Archive key="archived" />],
          ] as const
        ).map(([key, icon]) => (
          <StatCard
            key={key}
            label={t.stats[key]}
            value={stats.data?.[key] ?? '—'}
            icon={icon}
            testId={`stat-${t.stats[key]}`}
          />
        ))}
      </div>

      <ListTable
        className="mt-8"
        columns={[
          t.columns.title,
          t.columns.slug,
          t.columns.status,
          t.columns.template,
          t.columns.seoScore,
          t.columns.lastEdited,
          { label: t.columns.actions, className: 'text-right' },
        ]}
        minWidth="min-w-[52rem]"
        label={t.title}
        bodyClassName={cn(pageList.isPlaceholderData && 'opacity-60')}
        header={
          <ListToolbar className="border-b border-border p-4">
            <SearchBox
              className="sm:w-auto sm:flex-1"
              label={t.searchLabel}
              placeholder={t.searchPlaceholder}
              {...list.searchProps}
            />
            <Select
              aria-label={t.statusFilter}
              className="sm:w-44"
              value={status}
              onChange={(event) => list.setFilter('status', event.target.value as PageStatus | '')}
            >
              <option value="">{t.allStatuses}</option>
              {pageStatuses.map((value) => (
                <option key={value} value={value}>
                  {t.statusLabels[value]}
                </option>
              ))}
            </Select>
            <Select
              aria-label={t.templateFilter}
              className="sm:w-44"
              value={template}
              onChange={(event) =>
                list.setFilter('template', event.target.value as PageTemplate | '')
              }
            >
              <option value="">{t.allTemplates}</option>
              {pageTemplates.map((value) => (
                <option key={value} value={value}>
                  {t.templateLabels[value]}
                </option>
              ))}
            </Select>
          </ListToolbar>
        }
        footer={
          <Pagination
            page={page}
            pages={pages}
            onPage={list.setPage}
            texts={t}
            positionTestId="pages-page-of"
            summary={
              <p className="text-muted-foreground" data-testid="pages-showing">
                {t.showing(from, to, total)}
              </p>
            }
          />
        }
        rows={pageList.data ? rows.length : undefined}
        pending={pageList.isPending}
        failed={pageList.isError}
        texts={{ empty: t.empty, loading: t.loading, failed: t.loadFailed }}
      >
        {rows.map((row) => (
          <tr key={row.id} className="align-middle">
            <td className="px-3 py-3">
              <p className="max-w-56 truncate font-medium" title={row.title}>
                {row.title}
              </p>
              <p className="max-w-56 truncate text-xs text-muted-foreground">{row.author}</p>
            </td>
            <td className="px-3 py-3 font-mono text-xs">
              <span className="block max-w-44 truncate" title={row.slug}>
                {row.slug}
              </span>
            </td>
            <td className="px-3 py-3">
              <Badge className={cn('ring-1 ring-inset', statusStyles[row.status])}>
                {t.statusLabels[row.status]}
              </Badge>
            </td>
            <td className="px-3 py-3">{t.templateLabels[row.template]}</td>
            <td className="px-3 py-3">
              <SeoScore score={row.seo_score} />
            </td>
            <td className="px-3 py-3 whitespace-nowrap text-muted-foreground">
              <time dateTime={row.last_edited}>{formatDate(row.last_edited, 'dateTime')}</time>
            </td>
            <td className="px-3 py-2">
              <RowActions
                page={row}
                onEdit={() => setDialog({ open: true, editId: row.id })}
                onDelete={() => setDeleting(row)}
              />
            </td>
          </tr>
        ))}
      </ListTable>

      <PageDialog
        open={dialog.open}
        editId={dialog.editId}
        onOpenChange={(open) => setDialog((current) => ({ ...current, open }))}
      />
      <DeletePageDialog
        page={deleting}
        onClose={() => setDeleting(undefined)}
        onDeleted={() => {
          // Deleting the last row of the last page shows the page before it.
          if (rows.length === 1 && page > 1) list.setPage(page - 1);
        }}
      />
    </div>
  );
}
