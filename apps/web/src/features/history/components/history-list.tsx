import {
  editorTexts,
  historyTexts as texts,
  jobVariants,
  paths,
  type HistoryItem,
  type JobVariant,
} from '@cutout/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Download, ImageOff, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { downloadAddress } from '../../../lib/url';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { deleteHistoryItem, historyQueryKey, useHistory } from '../api/history';
import { formatDate } from '../../../lib/format-date';
import { formatBytes } from '../../../lib/format-bytes';

const downloadLabels: Record<JobVariant, string> = {
  refined: editorTexts.downloadRefined,
  white_bg: editorTexts.downloadWhiteBg,
  transparent_bg: editorTexts.downloadTransparent,
};

/** The cut-out on a checkerboard, as the editor shows transparency. */
const checkerboard =
  'bg-white bg-[length:16px_16px] bg-[position:0_0,8px_8px] bg-[image:linear-gradient(45deg,#e5e7eb_25%,transparent_25%,transparent_75%,#e5e7eb_75%),linear-gradient(45deg,#e5e7eb_25%,transparent_25%,transparent_75%,#e5e7eb_75%)]';

function Row({ item, onDelete }: { item: HistoryItem; onDelete: (item: HistoryItem) => void }) {
  return (
    <li
      className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:grid-cols-[96px_1fr_auto] sm:items-center"
      data-testid="history-item"
    >
      <div
        className={`flex size-24 items-center justify-center overflow-hidden rounded-lg border border-border ${checkerboard}`}
      >
        <img
          src={item.thumbnail}
          alt={texts.thumbnailAlt(item.originalName)}
          loading="lazy"
          className="max-h-full max-w-full object-contain"
        />
      </div>
      <div className="min-w-0">
        <p className="truncate font-medium" title={item.originalName}>
          {item.originalName}
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt className="sr-only">{texts.date}</dt>
            <dd>
              <time dateTime={item.createdAt}>{formatDate(item.createdAt, 'dateTime')}</time>
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">{texts.size}</dt>
            <dd data-testid="history-size">
              {item.width && item.height ? `${item.width} × ${item.height} px · ` : ''}
              {formatBytes(item.inputBytes)}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">{texts.credits}</dt>
            <dd data-testid="history-credits">{texts.creditsCharged(item.creditsCharged)}</dd>
          </div>
          {item.size === 'preview' ? <Badge variant="soft">{texts.preview}</Badge> : null}
          {item.via === 'api' ? <Badge variant="soft">{texts.viaApi}</Badge> : null}
        </dl>
        <div className="mt-3 flex flex-wrap gap-2">
          {jobVariants.map((variant) => (
            <Button key={variant} asChild variant="outline" size="sm">
              <a
                href={downloadAddress(item.result[variant])}
                download={item.downloadNames[variant]}
              >
                <Download aria-hidden="true" />
                {downloadLabels[variant]}
              </a>
            </Button>
          ))}
        </div>
      </div>
      <div className="sm:self-start">
        <Button
          variant="outline"
          size="sm"
          onClick={() => onDelete(item)}
          aria-label={`${texts.delete} ${item.originalName}`}
        >
          <Trash2 aria-hidden="true" />
          {texts.delete}
        </Button>
      </div>
    </li>
  );
}

/** /dashboard/history: the account's processed images within the retention (decision 0156). */
export function HistoryList() {
  const [page, setPage] = useState(1);
  const history = useHistory(page);
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<HistoryItem | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmDelete() {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteHistoryItem(deleting.id);
      setDeleting(null);
      void loadToast().then((toast) => toast.success(texts.deleted));
    } catch {
      void toastError(texts.deleteFailed);
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: historyQueryKey });
    }
  }

  if (history.isPending) {
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        Loading...
      </p>
    );
  }
  if (history.isError) {
    return (
      <ErrorAlert>
        <p>{texts.loadFailed}</p>
        <Button className="mt-3" size="sm" variant="outline" onClick={() => void history.refetch()}>
          {texts.retry}
        </Button>
      </ErrorAlert>
    );
  }
  const { items, total, perPage, retentionHours } = history.data;
  const pages = Math.max(1, Math.ceil(total / perPage));
  return (
    <div>
      <p className="text-sm text-muted-foreground">{texts.description(retentionHours)}</p>
      {items.length === 0 ? (
        <div className="mt-6 flex flex-col items-center gap-3 rounded-xl border border-dashed border-border p-10 text-center">
          <ImageOff aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-sm text-muted-foreground">{texts.empty}</p>
          <Button asChild size="sm">
            <Link to={paths.editor}>{texts.emptyAction}</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-6 grid gap-3" aria-label={texts.title}>
          {items.map((item) => (
            <Row key={item.id} item={item} onDelete={setDeleting} />
          ))}
        </ul>
      )}
      {pages > 1 ? (
        <nav className="mt-6 flex items-center justify-between gap-3" aria-label={texts.title}>
          <Button
            variant="outline"
            size="sm"
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            {texts.previous}
          </Button>
          <span className="text-sm text-muted-foreground">{texts.pageOf(page, pages)}</span>
          <Button
            variant="outline"
            size="sm"
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            {texts.next}
          </Button>
        </nav>
      ) : null}
      <Dialog open={deleting !== null} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent>
          <DialogTitle>{texts.deleteConfirmTitle}</DialogTitle>
          <DialogDescription>
            {deleting ? `${deleting.originalName}: ` : ''}
            {texts.deleteConfirmBody}
          </DialogDescription>
          <FormDialogFooter
            busy={busy}
            cancelLabel={texts.cancel}
            submitLabel={texts.delete}
            icon={<Trash2 aria-hidden="true" />}
            variant="destructive"
            onConfirm={() => void confirmDelete()}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}
