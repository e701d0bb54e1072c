import { databaseTexts, databaseTypeLabels, type DatabaseConnectionView } from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CopyPlus, Pencil, Plug, PlugZap, Plus, Trash2, Unplug } from 'lucide-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
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
import {
  connect,
  connectionsQueryOptions,
  copyConnection,
  databaseQueryKey,
  deleteConnection,
  disconnect,
  testConnection,
} from '../api/database-connections';
import { databaseUiTexts } from '../texts';
import { tones } from './tones';
import { ConnectionDialog } from './connection-dialog';
import { formatDate } from '../../../lib/format-date';

const texts = databaseUiTexts.connections;

function where(c: DatabaseConnectionView): string {
  return c.config.type === 'sqlite'
    ? c.config.database
    : `${c.config.host}:${c.config.port}/${c.config.database}`;
}

/** Connections tab (spec §2): list with Test, Edit, Copy, Delete, and Connect / Disconnect. */
export function ConnectionsTab() {
  const queryClient = useQueryClient();
  const list = useQuery(connectionsQueryOptions);
  const [editing, setEditing] = useState<DatabaseConnectionView | undefined>();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<DatabaseConnectionView | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: databaseQueryKey });
  const success = (message: string, description?: string) =>
    void loadToast().then((t) => t.success(message, description ? { description } : undefined));

  // What each Test found about the user's rights: the dialog repeats it (decision 0266).
  const [powerfulRights, setPowerfulRights] = useState<Record<string, string[]>>({});
  const test = useMutation({
    mutationFn: (c: DatabaseConnectionView) => testConnection(c.id),
    onSuccess: (result, c) => {
      setPowerfulRights((known) => ({ ...known, [c.id]: result.powerfulRights }));
      if (result.success && result.powerfulRights.length > 0) {
        void loadToast().then((t) => t.warning(texts.testOk, { description: result.message }));
      } else if (result.success) success(texts.testOk, result.message);
      else
        void loadToast().then((t) =>
          t.error(databaseTexts.connectionTestFailed, { description: result.message }),
        );
    },
    onError: (error) => void toastError(error, { title: databaseTexts.connectionTestFailed }),
  });
  const connectTo = useMutation({
    mutationFn: (c: DatabaseConnectionView) => connect(c.id),
    onSuccess: async (_status, c) => {
      await refresh();
      success(texts.connectedTo(c.name));
    },
    onError: (error) => void toastError(error, { fallback: databaseTexts.connectionFailed }),
  });
  const disconnectIt = useMutation({
    mutationFn: disconnect,
    onSuccess: async () => {
      await refresh();
      success(texts.disconnected);
    },
    onError: (error) => void toastError(error, { fallback: texts.actionFailed }),
  });
  const copy = useMutation({
    mutationFn: (c: DatabaseConnectionView) => copyConnection(c.id),
    onSuccess: async ({ message }) => {
      await refresh();
      success(message || databaseTexts.connectionDuplicated);
    },
    onError: (error) => void toastError(error, { fallback: texts.actionFailed }),
  });
  const remove = useMutation({
    mutationFn: (c: DatabaseConnectionView) => deleteConnection(c.id),
    onSuccess: async () => {
      setDeleting(undefined);
      await refresh();
      success(texts.deleted);
    },
    onError: (error) => void toastError(error, { fallback: texts.actionFailed }),
  });

  const busy = (c: DatabaseConnectionView, m: { isPending: boolean; variables?: unknown }) =>
    m.isPending && (m.variables as DatabaseConnectionView | undefined)?.id === c.id;

  return (
    <Card className="p-6 shadow-xs">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold">{texts.title}</h2>
          <p className="mt-1 text-sm text-muted-foreground">{texts.description}</p>
        </div>
        <Button
          onClick={() => {
            setEditing(undefined);
            setDialogOpen(true);
          }}
        >
          <Plus aria-hidden="true" />
          {texts.add}
        </Button>
      </div>

      <div className="mt-5 grid gap-3">
        {list.isPending ? (
          <Spinner />
        ) : list.isError ? (
          <ErrorAlert>{list.error.message}</ErrorAlert>
        ) : list.data.connections.length === 0 ? (
          <p className="text-sm text-muted-foreground">{texts.empty}</p>
        ) : (
          list.data.connections.map((c) => (
            <div
              key={c.id}
              data-testid="connection-row"
              className="flex min-w-0 flex-col gap-3 rounded-xl border border-border p-4 lg:flex-row lg:items-center lg:justify-between"
            >
              <div className="min-w-0">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium [overflow-wrap:anywhere]">{c.name}</span>
                  <Badge variant="outline">{databaseTypeLabels[c.config.type]}</Badge>
                  {c.isActive ? (
                    <Badge variant={null} className={tones.good}>
                      {texts.active}
                    </Badge>
                  ) : null}
                  {c.config.allowWrites ? (
                    <Badge variant={null} className={tones.key}>
                      {texts.writesAllowed}
                    </Badge>
                  ) : (
                    <Badge variant="outline">{texts.readOnly}</Badge>
                  )}
                  {c.config.allowServerAccess ? (
                    <Badge variant={null} className={tones.bad}>
                      {texts.serverAccess}
                    </Badge>
                  ) : null}
                </div>
                <p className="mt-1 truncate text-sm text-muted-foreground">
                  {where(c)}
                  {c.config.username ? ` · ${c.config.username}` : ''}
                  {' · '}
                  {texts.lastUsed} {c.lastUsed ? formatDate(c.lastUsed, 'seconds') : texts.never}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {c.isActive ? (
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={disconnectIt.isPending}
                    onClick={() => disconnectIt.mutate()}
                  >
                    <Unplug aria-hidden="true" />
                    {texts.disconnect}
                  </Button>
                ) : (
                  <Button
                    size="sm"
                    disabled={busy(c, connectTo)}
                    onClick={() => connectTo.mutate(c)}
                  >
                    {busy(c, connectTo) ? <Spinner /> : <Plug aria-hidden="true" />}
                    {texts.connect}
                  </Button>
                )}
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy(c, test)}
                  onClick={() => test.mutate(c)}
                >
                  {busy(c, test) ? <Spinner /> : <PlugZap aria-hidden="true" />}
                  {texts.test}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    setEditing(c);
                    setDialogOpen(true);
                  }}
                >
                  <Pencil aria-hidden="true" />
                  {texts.edit}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={busy(c, copy)}
                  onClick={() => copy.mutate(c)}
                >
                  <CopyPlus aria-hidden="true" />
                  {texts.copy}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  className="text-red-600 hover:bg-red-500/10 dark:text-red-400"
                  onClick={() => setDeleting(c)}
                >
                  <Trash2 aria-hidden="true" />
                  {texts.delete}
                </Button>
              </div>
            </div>
          ))
        )}
      </div>

      <ConnectionDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        connection={editing}
        powerfulRights={editing ? (powerfulRights[editing.id] ?? []) : []}
      />

      <Dialog
        open={deleting !== undefined}
        onOpenChange={(open) => !open && !remove.isPending && setDeleting(undefined)}
      >
        <DialogContent>
          <DialogTitle>{texts.deleteTitle}</DialogTitle>
          <DialogDescription>
            {deleting ? texts.deleteDescription(deleting.name) : null}
          </DialogDescription>
          <FormDialogFooter
            busy={remove.isPending}
            cancelLabel={texts.cancel}
            submitLabel={texts.confirmDelete}
            variant="destructive"
            onConfirm={() => deleting && remove.mutate(deleting)}
          />
        </DialogContent>
      </Dialog>
    </Card>
  );
}
