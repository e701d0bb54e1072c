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
  Search,
  Trash2,
} from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { cn } from '../../../lib/cn';
import { toastError } from '../../../lib/error-toast';
import { pageAddress, pageListQueryOptions, pageStatsQueryOptions } from '../api/pages';
import { DeletePageDialog } from './delete-page-dialog';
import { PageDialog } from './page-dialog';
import { SeoScore } from './seo-score';
import { Select } from './select';

// Page Management (spec §2 Admin): stat cards, search, status and template filters (a change
// goes back to page 1, §4), the table, 10 pages a page (§9) with 'Showing X to Y of N pages',
// Previous / Next and 'Page X of Y', and the Add, Edit and Delete dialogs.

const t = pagesTexts;
const perPage = limits.pageListSize;
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const statusStyles: Record<PageStatus, string> = {
  published: 'bg-emerald-500/12 text-emerald-700 ring-emerald-600/25 dark:text-emerald-300',
  draft: 'bg-muted text-muted-foreground ring-border',
  archived: 'bg-amber-500/12 text-amber-800 ring-amber-600/25 dark:text-amber-200',
};

function StatCard({
  label,
  value,
  icon,
}: {
  label: string;
  value: number | undefined;
  icon: ReactNode;
}) {
  return (
    <Card className="flex items-center justify-between gap-3 p-5">
      <div>
        <p className="text-sm text-muted-foreground">{label}</p>
        <p className="mt-1 text-2xl font-semibold tabular-nums" data-testid={`stat-${label}`}>
          {value ?? '—'}
        </p>
      </div>
      <span className="flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary [&_svg]:size-5">
        {icon}
      </span>
    </Card>
  );
}

/** The search text, settled for a moment before it is sent. */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

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
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<PageStatus | ''>('');
  const [template, setTemplate] = useState<PageTemplate | ''>('');
  const settledSearch = useSettled(search.trim());
  const [dialog, setDialog] = useState<{ open: boolean; editId: string | undefined }>({
    open: false,
    editId: undefined,
  });
  const [deleting, setDeleting] = useState<PageSummary | undefined>();

  const list = useQuery(
    pageListQueryOptions({
      page,
      perPage,
      status: status || undefined,
      template: template || undefined,
      search: settledSearch || undefined,
    }),
  );
  // Spec §7: failures of the stats call are silently ignored (the cards show '—').
  const stats = useQuery(pageStatsQueryOptions);

  useEffect(() => {
    if (list.isError) void toastError(list.error, { title: t.loadFailed, fallback: t.loadFailed });
  }, [list.isError, list.error]);

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / perPage));
  const rows = list.data?.pages ?? [];
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
        <StatCard label={t.stats.total} value={stats.data?.total} icon={<FileText />} />
        <StatCard label={t.stats.published} value={stats.data?.published} icon={<Globe />} />
        <StatCard label={t.stats.draft} value={stats.data?.draft} icon={<PencilLine />} />
        <StatCard label={t.stats.archived} value={stats.data?.archived} icon={<Archive />} />
      </div>

      <Card className="mt-8 overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center">
          <div className="relative flex-1">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label={t.searchLabel}
              placeholder={t.searchPlaceholder}
              className="pl-9"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          </div>
          <Select
            aria-label={t.statusFilter}
            className="sm:w-44"
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as PageStatus | '');
              setPage(1);
            }}
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
            onChange={(event) => {
              setTemplate(event.target.value as PageTemplate | '');
              setPage(1);
            }}
          >
            <option value="">{t.allTemplates}</option>
            {pageTemplates.map((value) => (
              <option key={value} value={value}>
                {t.templateLabels[value]}
              </option>
            ))}
          </Select>
        </div>

        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[52rem] text-sm">
            <thead className="bg-subtle text-left text-xs font-medium tracking-wide whitespace-nowrap text-muted-foreground uppercase">
              <tr>
                <th scope="col" className="px-3 py-3">
                  {t.columns.title}
                </th>
                <th scope="col" className="px-3 py-3">
                  {t.columns.slug}
                </th>
                <th scope="col" className="px-3 py-3">
                  {t.columns.status}
                </th>
                <th scope="col" className="px-3 py-3">
                  {t.columns.template}
                </th>
                <th scope="col" className="px-3 py-3">
                  {t.columns.seoScore}
                </th>
                <th scope="col" className="px-3 py-3">
                  {t.columns.lastEdited}
                </th>
                <th scope="col" className="px-3 py-3 text-right">
                  {t.columns.actions}
                </th>
              </tr>
            </thead>
            <tbody className={cn('divide-y divide-border', list.isPlaceholderData && 'opacity-60')}>
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
                    <time dateTime={row.last_edited}>
                      {dateTime.format(new Date(row.last_edited))}
                    </time>
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
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={7} className="px-3 py-12 text-center text-muted-foreground">
                    {list.isPending ? t.loading : list.isError ? t.loadFailed : t.empty}
                  </td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </div>

        <div className="flex flex-col gap-3 border-t border-border p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p className="text-muted-foreground" data-testid="pages-showing">
            {t.showing(from, to, total)}
          </p>
          <div className="flex items-center gap-3">
            <Button
              variant="outline"
              size="sm"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              {t.previous}
            </Button>
            {pages > 1 ? (
              <span className="text-muted-foreground tabular-nums" data-testid="pages-page-of">
                {t.pageOf(page, pages)}
              </span>
            ) : null}
            <Button
              variant="outline"
              size="sm"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              {t.next}
            </Button>
          </div>
        </div>
      </Card>

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
          if (rows.length === 1 && page > 1) setPage(page - 1);
        }}
      />
    </div>
  );
}
