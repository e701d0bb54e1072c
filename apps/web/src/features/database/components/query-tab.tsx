import { databaseLimits, databaseTexts, type DatabaseQueryResult } from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SendHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { runQuery, statusQueryOptions } from '../api/database';
import { databaseUiTexts } from '../texts';
import { tones } from './tones';

const texts = databaseUiTexts.query;

/** Query tab (spec §2): SQL editor, Execute Query, result with badge, time, rows and JSON. */
export function QueryTab() {
  const status = useQuery(statusQueryOptions);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [result, setResult] = useState<DatabaseQueryResult | undefined>();
  const id = useId();
  const run = useMutation({
    mutationFn: runQuery,
    onSuccess: (out) => {
      setResult(out);
      void queryClient.invalidateQueries({ queryKey: statusQueryOptions.queryKey });
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

  const execute = () => {
    if (text.trim() === '') {
      void loadToast().then((t) => t.error(databaseTexts.enterQuery));
      return;
    }
    run.mutate(text);
  };

  return (
    <Card className="p-6 shadow-xs">
      <h2 className="text-base font-semibold">{texts.title}</h2>
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
          {texts.limits(databaseLimits.maxRows)}
        </p>
      </div>
      <div className="mt-4">
        <Button onClick={execute} disabled={run.isPending}>
          {run.isPending ? <Spinner /> : <SendHorizontal aria-hidden="true" />}
          {run.isPending ? texts.executing : texts.execute}
        </Button>
      </div>
      {result ? (
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
            <span className="text-muted-foreground">
              {texts.executionTime(result.executionTime)}
            </span>
            <span className="text-muted-foreground">{texts.rowsAffected(result.rowsAffected)}</span>
          </div>
          {result.error ? (
            <p className="px-4 py-3 text-sm text-red-600 dark:text-red-400">{result.error}</p>
          ) : null}
          {result.truncated ? (
            <p className="px-4 pt-3 text-xs text-amber-700 dark:text-amber-400">
              {texts.truncated(result.data.length)}
            </p>
          ) : null}
          {result.success ? (
            <pre className="max-h-[28rem] overflow-auto px-4 py-3 font-mono text-xs">
              {JSON.stringify(result.data, null, 2)}
            </pre>
          ) : null}
        </section>
      ) : null}
    </Card>
  );
}
