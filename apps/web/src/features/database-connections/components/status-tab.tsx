import { databaseTexts, databaseTypeLabels } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { statusQueryOptions } from '../api/database-connections';
import { databaseUiTexts } from '../texts';
import { QueryCard } from './query-card';
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
    <QueryCard title={texts.title} refreshLabel={texts.refresh} query={status}>
      {(data) =>
        !data.connectionInfo ? (
          <p className="text-sm text-muted-foreground">{databaseTexts.noStatus}</p>
        ) : (
          <div className="grid gap-4">
            <div className="flex flex-wrap items-center gap-2">
              {data.isConnected ? (
                <Badge variant={null} className={tones.good}>
                  {texts.connected}
                </Badge>
              ) : (
                <Badge variant={null} className={tones.bad}>
                  {texts.disconnected}
                </Badge>
              )}
              <span className="text-sm font-medium">{data.connectionName}</span>
            </div>
            {data.error ? <ErrorAlert>{data.error}</ErrorAlert> : null}
            <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Figure label={texts.type} value={databaseTypeLabels[data.connectionInfo.type]} />
              <Figure label={texts.host} value={data.connectionInfo.host || '—'} />
              <Figure
                label={texts.port}
                value={data.connectionInfo.port ? String(data.connectionInfo.port) : '—'}
              />
              <Figure label={texts.database} value={data.connectionInfo.database} />
              <Figure
                label={texts.activeConnections}
                value={String(data.stats.activeConnections)}
                testId="status-active-connections"
              />
              <Figure
                label={texts.totalQueries}
                value={String(data.stats.totalQueries)}
                testId="status-total-queries"
              />
              <Figure
                label={texts.averageResponseTime}
                value={`${data.stats.averageResponseTime.toFixed(2)} ms`}
                testId="status-average-response"
              />
            </div>
            <p className="text-xs text-muted-foreground">{texts.measured}</p>
          </div>
        )
      }
    </QueryCard>
  );
}
