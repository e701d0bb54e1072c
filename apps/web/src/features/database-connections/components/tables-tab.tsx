import { databaseTexts, formatBytes } from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { HorizontalScroll } from '../../../components/ui/horizontal-scroll';
import { Spinner } from '../../../components/ui/spinner';
import { statusQueryOptions, tablesQueryOptions } from '../api/database-connections';
import { databaseUiTexts } from '../texts';
import { QueryCard } from './query-card';
import { tones } from './tones';

const texts = databaseUiTexts.tables;

/** Tables tab (spec §2): every table and view from the engine's catalogue, with its columns. */
export function TablesTab() {
  const status = useQuery(statusQueryOptions);
  const connected = Boolean(status.data?.connectionInfo);
  const tables = useQuery({ ...tablesQueryOptions, enabled: connected });

  if (status.isPending) return <Spinner />;
  if (!connected) {
    return (
      <Card className="p-6 shadow-xs">
        <p className="text-sm text-muted-foreground">{databaseTexts.noTables}</p>
      </Card>
    );
  }
  return (
    <QueryCard
      title={texts.title}
      refreshLabel={texts.refresh}
      query={tables}
      bodyClassName="grid gap-4"
    >
      {(data) =>
        data.tables.length === 0 ? (
          <p className="text-sm text-muted-foreground">{texts.empty}</p>
        ) : (
          data.tables.map((table) => (
            <section
              key={`${table.schema ?? ''}.${table.name}`}
              className="rounded-xl border border-border"
              data-testid="table-card"
              data-table={table.name}
            >
              <header className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-border px-4 py-3">
                <h3 className="font-mono text-sm font-semibold break-all">
                  {table.schema && table.schema !== 'public' ? `${table.schema}.` : ''}
                  {table.name}
                </h3>
                <Badge variant="outline">{table.type}</Badge>
                <span className="text-xs text-muted-foreground">
                  {texts.rows}:{' '}
                  {table.rowCount === null
                    ? '—'
                    : `${table.rowCountEstimated ? '≈ ' : ''}${table.rowCount.toLocaleString('en-US')}`}
                  {table.rowCountEstimated && table.rowCount !== null
                    ? ` (${texts.estimated})`
                    : ''}
                </span>
                <span className="text-xs text-muted-foreground">
                  {texts.size}: {formatBytes(table.size)}
                </span>
              </header>
              <HorizontalScroll label={table.name}>
                <table className="w-full text-left text-sm">
                  <thead className="text-xs text-muted-foreground">
                    <tr>
                      <th className="px-4 py-2 font-medium">{texts.column}</th>
                      <th className="px-4 py-2 font-medium">{texts.type}</th>
                      <th className="px-4 py-2 font-medium">{texts.keys}</th>
                      <th className="px-4 py-2 font-medium">{texts.nullable}</th>
                      <th className="px-4 py-2 font-medium">{texts.default}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {table.columns.map((column) => (
                      <tr
                        key={column.name}
                        className="border-t border-border"
                        data-column={column.name}
                      >
                        <td className="px-4 py-2 font-mono">{column.name}</td>
                        <td className="px-4 py-2 font-mono text-xs">{column.type}</td>
                        <td className="px-4 py-2">
                          <span className="flex items-center gap-1">
                            {column.isPrimaryKey ? (
                              <Badge variant={null} className={tones.key}>
                                PK
                              </Badge>
                            ) : null}
                            {column.isForeignKey ? (
                              <>
                                <Badge title={column.references ?? undefined}>FK</Badge>
                                {column.references ? (
                                  <span className="text-xs whitespace-nowrap text-muted-foreground">
                                    → {column.references}
                                  </span>
                                ) : null}
                              </>
                            ) : null}
                          </span>
                        </td>
                        <td className="px-4 py-2 text-xs">
                          {column.nullable ? texts.null : texts.notNull}
                        </td>
                        <td className="px-4 py-2 font-mono text-xs break-all">
                          {column.defaultValue ?? ''}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </HorizontalScroll>
            </section>
          ))
        )
      }
    </QueryCard>
  );
}
