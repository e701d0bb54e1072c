import { databaseTexts, databaseTypeLabels } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { statusQueryOptions } from '../api/database-connections';
import { databaseUiTexts } from '../texts';
import { tones } from './tones';

const texts = databaseUiTexts.status;

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-xl border border-border p-4">
      <p className="text-xs font-medium text-muted-foreground">{label}</p>
      <p className="mt-1 truncate text-lg font-semibold tabular-nums" data-testid={testId}>
        {value}
      </p>
    </div>
  );
}

/** Status tab (spec §2): the active connection and figures the server measured. */
export function StatusTab() {
  const status = useQuery(statusQueryOptions);
  return (
    <Card className="p-6 shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-base font-semibold">{texts.title}</h2>
        <Button
          size="sm"
          variant="outline"
          disabled={status.isFetching}
          onClick={() => void status.refetch()}
        >
          {status.isFetching ? <Spinner /> : <RotateCw aria-hidden="true" />}
          {texts.refresh}
        </Button>
      </div>
      <div className="mt-5">
        {status.isPending ? (
          <Spinner />
        ) : status.isError ? (
          <ErrorAlert>{status.error.message}</ErrorAlert>
        ) : !status.data.connectionInfo ? (
          <p className="text-sm text-muted-foreground">{databaseTexts.noStatus}</p>
        ) : (
          <div className="grid gap-4">
            <div className="flex flex-wrap items-center gap-2">
              {status.data.isConnected ? (
                <Badge variant={null} className={tones.good}>
                  {texts.connected}
                </Badge>
              ) : (
                <Badge variant={null} className={tones.bad}>
                  {texts.disconnected}
                </Badge>
              )}
              <span className="text-sm font-medium">{status.data.connectionName}</span>
            </div>
            {status.data.error ? <ErrorAlert>{status.data.error}</ErrorAlert> : null}
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Figure
                label={texts.type}
                value={databaseTypeLabels[status.data.connectionInfo.type]}
              />
              <Figure label={texts.host} value={status.data.connectionInfo.host || '—'} />
              <Figure
                label={texts.port}
                value={
                  status.data.connectionInfo.port ? String(status.data.connectionInfo.port) : '—'
                }
              />
              <Figure label={texts.database} value={status.data.connectionInfo.database} />
              <Figure
                label={texts.activeConnections}
                value={String(status.data.stats.activeConnections)}
                testId="status-active-connections"
              />
              <Figure
                label={texts.totalQueries}
                value={String(status.data.stats.totalQueries)}
                testId="status-total-queries"
              />
              <Figure
                label={texts.averageResponseTime}
                value={`${status.data.stats.averageResponseTime.toFixed(2)} ms`}
                testId="status-average-response"
              />
            </div>
            <p className="text-xs text-muted-foreground">{texts.measured}</p>
          </div>
        )}
      </div>
    </Card>
  );
}
