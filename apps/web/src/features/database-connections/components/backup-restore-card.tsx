import {
  databaseBackupFormats,
  databaseBackupTexts,
  databaseTexts,
  databaseTypeLabels,
  type DatabaseType,
} from '@cutout/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { DatabaseBackup, Upload } from 'lucide-react';
import { useId, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { BusyButton } from '../../../components/ui/busy-button';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { errorMessage, toastError } from '../../../lib/error-toast';
import { saveBlob } from '../../../lib/save-blob';
import { loadToast } from '../../../lib/toast';
import { backupDatabase, restoreDatabase } from '../api/database-backup';
import { connectionsQueryOptions, statusQueryOptions } from '../api/database-connections';
import { databaseUiTexts } from '../texts';

const texts = databaseUiTexts.backup;

const formatOf = (type: DatabaseType) =>
  type === 'sqlite' || type === 'postgresql' || type === 'mysql'
    ? databaseBackupFormats[type]
    : undefined;

/**
 * Spec §7 Backup and Restore for the active connection (decision 0269): Backup downloads the
 * dump; Restore asks for the file and the database's name typed out, and shows the server's
 * 'Backup failed' / 'Restore failed' message when it refuses.
 */
export function BackupRestoreCard() {
  const status = useQuery(statusQueryOptions);
  const connections = useQuery(connectionsQueryOptions);
  const [restoring, setRestoring] = useState(false);
  const info = status.data?.connectionInfo ?? null;
  const active = connections.data?.connections.find((c) => c.id === status.data?.connectionId);
  const format = info ? formatOf(info.type) : undefined;

  const backup = useMutation({
    mutationFn: backupDatabase,
    onSuccess: ({ blob, fileName }) => {
      saveBlob(blob, fileName);
      void loadToast().then((t) => t.success(texts.downloaded(fileName)));
    },
    onError: (error) => void toastError(error, { fallback: databaseTexts.backupFailed }),
  });

  return (
    <Card className="mt-6 p-6 shadow-xs" data-testid="database-backup">
      <h2 className="text-base font-semibold">{texts.title}</h2>
      <p className="mt-1 text-sm text-muted-foreground">{texts.description}</p>
      {!info ? (
        <p className="mt-4 text-sm text-muted-foreground">{texts.noConnection}</p>
      ) : (
        <div className="mt-4 grid gap-3">
          {format ? (
            <p className="text-sm text-muted-foreground">{texts.kinds(format.label)}</p>
          ) : (
            <p className="text-sm text-muted-foreground">
              {databaseBackupTexts.notSupported(databaseTypeLabels[info.type])}
            </p>
          )}
          {active && !active.config.allowWrites ? (
            <p className="text-sm text-muted-foreground">{texts.readOnly}</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <BusyButton
              busy={backup.isPending}
              busyLabel={texts.backingUp}
              icon={<DatabaseBackup aria-hidden="true" />}
              disabled={!format}
              onClick={() => backup.mutate()}
            >
              {texts.backup}
            </BusyButton>
            <Button
              variant="outline"
              disabled={!format || !active?.config.allowWrites || backup.isPending}
              onClick={() => setRestoring(true)}
            >
              <Upload aria-hidden="true" />
              {texts.restore}
            </Button>
          </div>
          {backup.isError ? (
            <ErrorAlert>{errorMessage(backup.error, databaseTexts.backupFailed)}</ErrorAlert>
          ) : null}
        </div>
      )}
      {info && format ? (
        <RestoreDialog
          open={restoring}
          onOpenChange={setRestoring}
          database={info.database}
          extension={format.extension}
        />
      ) : null}
    </Card>
  );
}

function RestoreDialog({
  open,
  onOpenChange,
  database,
  extension,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  database: string;
  extension: string;
}) {
  const fileId = useId();
  const confirmId = useId();
  const [file, setFile] = useState<File | undefined>();
  const [typed, setTyped] = useState('');
  const reset = () => {
    setFile(undefined);
    setTyped('');
    restore.reset();
  };
  const restore = useMutation({
    mutationFn: () => restoreDatabase(file!, typed),
    onSuccess: ({ message }) => {
      void loadToast().then((t) => t.success(message));
      // Still pending inside this callback, so not through close(), which waits for it.
      reset();
      onOpenChange(false);
    },
    onError: (error) => void toastError(error, { fallback: databaseTexts.restoreFailed }),
  });
  const close = (next: boolean) => {
    if (restore.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };
  const ready = file !== undefined && typed === database;

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogTitle>{texts.dialogTitle}</DialogTitle>
        <DialogDescription>{texts.dialogDescription(database)}</DialogDescription>
        <form
          className="mt-4 grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (ready) restore.mutate();
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={fileId}>{texts.file}</Label>
            <Input
              id={fileId}
              type="file"
              accept={`.${extension},application/octet-stream`}
              disabled={restore.isPending}
              onChange={(event) => setFile(event.currentTarget.files?.[0])}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={confirmId}>{texts.confirm(database)}</Label>
            <Input
              id={confirmId}
              autoComplete="off"
              spellCheck={false}
              value={typed}
              disabled={restore.isPending}
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
          </div>
          {restore.isError ? (
            <ErrorAlert>{errorMessage(restore.error, databaseTexts.restoreFailed)}</ErrorAlert>
          ) : null}
          <FormDialogFooter
            busy={restore.isPending}
            disabled={!ready}
            cancelLabel={texts.cancel}
            submitLabel={texts.restore}
            busyLabel={texts.restoring}
            variant="destructive"
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
