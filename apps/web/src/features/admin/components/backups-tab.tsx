import { backupTexts, type BackupsView } from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DatabaseBackup, Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { SettingsSection } from '../../../components/settings-section';
import { BusyButton } from '../../../components/ui/busy-button';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { toastError } from '../../../lib/error-toast';
import { formatBytes } from '../../../lib/format-bytes';
import { formatDate } from '../../../lib/format-date';
import { loadToast } from '../../../lib/toast';
import {
  backupDownloadUrl,
  backupsQueryKey,
  backupsQueryOptions,
  deleteBackup,
  startBackup,
} from '../api/backups';

// Admin → Settings → Backups (decision 0268): 'Back up now' with its progress, the archives with
// date, size and SHA-256, download and delete. Restoring is `npm run restore` (docs/backups.md).

type Backup = BackupsView['backups'][number];

function DeleteBackup({ backup }: { backup: Backup }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deleteBackup(backup.name),
    onSuccess: async () => {
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: backupsQueryKey });
      void loadToast().then((toast) => toast.success(backupTexts.deleted));
    },
    onError: (error) => void toastError(error, { fallback: backupTexts.notFound }),
  });
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${backupTexts.delete} ${backup.name}`}>
          <Trash2 aria-hidden="true" />
          {backupTexts.delete}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>{backupTexts.delete}</DialogTitle>
        <DialogDescription>{backupTexts.confirmDelete}</DialogDescription>
        <FormDialogFooter
          busy={remove.isPending}
          cancelLabel={backupTexts.cancel}
          submitLabel={backupTexts.delete}
          busyLabel={backupTexts.deleting}
          variant="destructive"
          onConfirm={() => remove.mutate()}
        />
      </DialogContent>
    </Dialog>
  );
}

export function BackupsTab() {
  const queryClient = useQueryClient();
  const backups = useQuery(backupsQueryOptions);
  const start = useMutation({
    mutationFn: startBackup,
    onSuccess: async ({ message }) => {
      await queryClient.invalidateQueries({ queryKey: backupsQueryKey });
      void loadToast().then((toast) => toast.success(message));
    },
    onError: (error) => void toastError(error, { fallback: backupTexts.failed }),
  });
  const data = backups.data;
  const running = data?.running ?? null;
  return (
    <SettingsSection title={backupTexts.title} description={backupTexts.intro}>
      <div className="flex flex-wrap items-center gap-3">
        <BusyButton
          busy={start.isPending || running !== null}
          busyLabel={backupTexts.running}
          icon={<DatabaseBackup aria-hidden="true" />}
          onClick={() => start.mutate()}
        >
          {backupTexts.backUpNow}
        </BusyButton>
        <p className="text-sm text-muted-foreground" role="status">
          {running
            ? backupTexts.progress(running.done, running.total)
            : data && data.schedule.intervalHours > 0
              ? backupTexts.schedule(data.schedule.intervalHours, data.schedule.keep)
              : backupTexts.scheduleOff}
        </p>
      </div>
      {data?.last && !data.last.ok ? (
        <p className="text-sm text-red-600 dark:text-red-400">
          {backupTexts.lastFailed(data.last.error ?? '')}
        </p>
      ) : null}
      {data && data.backups.length === 0 ? (
        <p className="text-sm text-muted-foreground">{backupTexts.empty}</p>
      ) : null}
      {data && data.backups.length > 0 ? (
        <ul
          className="divide-y divide-border rounded-xl border border-border"
          aria-label={backupTexts.title}
        >
          {data.backups.map((backup) => (
            <li
              key={backup.name}
              className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm"
            >
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{backup.name}</p>
                <p className="text-xs text-muted-foreground">
                  {formatDate(backup.createdAt, 'seconds')} · {formatBytes(backup.bytes)}
                </p>
                <p className="font-mono text-xs break-all text-muted-foreground">
                  <span className="sr-only">{backupTexts.columns.checksum} </span>
                  {backup.sha256}
                </p>
              </div>
              <Button variant="outline" size="sm" asChild>
                <a href={backupDownloadUrl(backup.name)} download>
                  <Download aria-hidden="true" />
                  {backupTexts.download}
                </a>
              </Button>
              <DeleteBackup backup={backup} />
            </li>
          ))}
        </ul>
      ) : null}
    </SettingsSection>
  );
}
