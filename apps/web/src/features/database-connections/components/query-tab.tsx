import {
  databaseConfigTexts,
  databaseLimits,
  databaseTexts,
  type DatabaseQueryResult,
} from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SendHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
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
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { Textarea } from '../../../components/ui/textarea';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { connectionsQueryOptions, runQuery, statusQueryOptions } from '../api/database-connections';
import { databaseUiTexts } from '../texts';
import { tones } from './tones';

const texts = databaseUiTexts.query;
const capMb = databaseLimits.maxResultBytes / 1024 / 1024;

/**
 * Query tab (spec §2): SQL editor, Execute Query, result with badge, time, rows, and the data as
 * a grid with column headers beside the formatted JSON. A connection that allows writes asks
 * before a statement that writes runs (decision 0131); a read-only one refuses it.
 */
export function QueryTab() {
  const status = useQuery(statusQueryOptions);
  const connections = useQuery(connectionsQueryOptions);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [result, setResult] = useState<DatabaseQueryResult | undefined>();
  const [pendingWrite, setPendingWrite] = useState<string | undefined>();
  const id = useId();
  const run = useMutation({
    mutationFn: (input: { query: string; confirmWrite?: boolean }) =>
      runQuery(input.query, input.confirmWrite),
    onSuccess: (out, input) => {
      void queryClient.invalidateQueries({ queryKey: statusQueryOptions.queryKey });
      if (out.confirmationRequired) {
        setPendingWrite(input.query);
        return;
      }
      setResult(out);
      void loadToast().then((t) =>
        out.success
          ? t.success(databaseTexts.queryExecuted)
          : t.error(databaseTexts.queryExecutionFailed, { description: out.error ?? undefined }),
      );
    },
    onError: (error) => void toastError(error, { title: databaseTexts.queryExecutionFailed }),
  });

  if (status.isPending) return <Spinner />;
  if (!status.data?.connectionInfo) {
    return (
      <Card className="p-6 shadow-xs">
        <p className="text-sm text-muted-foreground">{databaseTexts.noQuery}</p>
      </Card>
    );
  }
  const mongo = status.data.connectionInfo.type === 'mongodb';
  const active = connections.data?.connections.find((c) => c.id === status.data.connectionId);
  const writable = active?.config.allowWrites === true;

  const execute = () => {
    if (text.trim() === '') {
      void loadToast().then((t) => t.error(databaseTexts.enterQuery));
      return;
    }
    run.mutate({ query: text });
  };

  return (
    <Card className="p-6 shadow-xs">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold">{texts.title}</h2>
        {active ? (
          <Badge
            variant={writable ? null : 'outline'}
            className={writable ? tones.key : undefined}
            data-testid="query-mode"
          >
            {writable
              ? databaseUiTexts.connections.writesAllowed
              : databaseUiTexts.connections.readOnly}
          </Badge>
        ) : null}
      </div>
      <div className="mt-4 grid gap-2">
        <Label htmlFor={id} className="sr-only">
          {texts.title}
        </Label>
        <Textarea
          id={id}
          name="query"
          spellCheck={false}
          className="min-h-40 font-mono"
          placeholder={mongo ? texts.mongoPlaceholder : texts.placeholder}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') execute();
          }}
        />
        <p className="text-xs text-muted-foreground">
          {mongo ? `${texts.mongoHint} ` : ''}
          {active ? `${writable ? texts.writesNote : texts.readOnlyNote} ` : ''}
          {texts.limits(databaseLimits.maxRows, capMb)}
        </p>
      </div>
      <div className="mt-4">
        <Button onClick={execute} disabled={run.isPending}>
          {run.isPending ? <Spinner /> : <SendHorizontal aria-hidden="true" />}
          {run.isPending ? texts.executing : texts.execute}
        </Button>
      </div>
      {result ? <QueryResult result={result} /> : null}

      <Dialog
        open={pendingWrite !== undefined}
        onOpenChange={(open) => !open && !run.isPending && setPendingWrite(undefined)}
      >
        <DialogContent>
          <DialogTitle>{texts.confirmTitle}</DialogTitle>
          <DialogDescription>{databaseConfigTexts.confirmWrite}</DialogDescription>
          <pre className="max-h-48 overflow-auto rounded-lg bg-muted p-3 font-mono text-xs whitespace-pre-wrap">
            {pendingWrite}
          </pre>
          <FormDialogFooter
            busy={run.isPending}
            cancelLabel={texts.cancel}
            submitLabel={texts.runWrite}
            onConfirm={() => {
              const query = pendingWrite;
              setPendingWrite(undefined);
              if (query) run.mutate({ query, confirmWrite: true });
            }}
          />
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function QueryResult({ result }: { result: DatabaseQueryResult }) {
  return (
    <section
      className="mt-6 rounded-xl border border-border"
      data-testid="query-result"
      aria-live="polite"
    >
      <div className="flex flex-wrap items-center gap-3 border-b border-border px-4 py-3 text-sm">
        <span className="font-medium">{texts.result}</span>
        {result.success ? (
          <Badge variant={null} className={tones.good}>
            {texts.success}
          </Badge>
        ) : (
          <Badge variant={null} className={tones.bad}>
            {texts.error}
          </Badge>
        )}
        <span className="text-muted-foreground">{texts.executionTime(result.executionTime)}</span>
        {result.kind === 'write' && result.rowsAffected !== null ? (
          <span className="text-muted-foreground">{texts.rowsAffected(result.rowsAffected)}</span>
        ) : result.kind === 'read' ? (
          <span className="text-muted-foreground">{texts.rowsReturned(result.rowCount)}</span>
        ) : null}
      </div>
      {result.error ? (
        <p className="px-4 py-3 text-sm text-red-600 dark:text-red-400">{result.error}</p>
      ) : null}
      {result.truncated ? (
        <p className="px-4 pt-3 text-xs text-amber-700 dark:text-amber-400">
          {result.truncated === 'rows'
            ? texts.truncatedRows(result.rowCount)
            : texts.truncatedBytes(result.rowCount, capMb)}
        </p>
      ) : null}
      {result.success && result.kind === 'read' ? (
        <Tabs defaultValue="table" className="px-4 py-3">
          <TabsList>
            <TabsTrigger value="table">{texts.viewTable}</TabsTrigger>
            <TabsTrigger value="json">{texts.viewJson}</TabsTrigger>
          </TabsList>
          <TabsContent value="table" className="mt-3">
            <ResultGrid columns={result.columns} rows={result.data} />
          </TabsContent>
          <TabsContent value="json" className="mt-3">
            <pre className="max-h-[28rem] overflow-auto font-mono text-xs">
              {JSON.stringify(result.data, null, 2)}
            </pre>
          </TabsContent>
        </Tabs>
      ) : null}
    </section>
  );
}

/** A cell as text: null shown as NULL, objects and arrays as JSON. */
function cellText(value: unknown): { text: string; isNull: boolean } {
  if (value === null || value === undefined) return { text: 'NULL', isNull: true };
  if (typeof value === 'string') return { text: value, isNull: false };
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return { text: String(value), isNull: false };
  }
  return { text: JSON.stringify(value) ?? '', isNull: false };
}

function ResultGrid({ columns, rows }: { columns: string[]; rows: unknown[] }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{texts.noRows}</p>;
  return (
    <div className="relative max-h-[28rem] overflow-auto rounded-lg border border-border">
      <table className="w-full border-collapse text-left font-mono text-xs">
        <thead className="sticky top-0 bg-muted">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className="border-b border-border px-3 py-2 font-semibold whitespace-nowrap"
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={index} className="odd:bg-background even:bg-subtle">
              {columns.map((column) => {
                const { text, isNull } = cellText((row as Record<string, unknown>)[column]);
                return (
                  <td
                    key={column}
                    title={text.length > 80 ? text.slice(0, 2000) : undefined}
                    className={`max-w-xs truncate border-b border-border px-3 py-1.5 whitespace-nowrap ${isNull ? 'text-muted-foreground italic' : ''}`}
                  >
                    {text.length > 500 ? `${text.slice(0, 500)}…` : text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
