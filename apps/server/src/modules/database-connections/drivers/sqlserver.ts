// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- declarations of the untyped driver packages, for every project compiling this file (bench too)
/// <reference path="./untyped-modules.d.ts" />
import {
  databaseConfigTexts,
  type DatabaseTable,
  type DatabaseTableColumn,
} from '@cutout/contracts';
import type { ConnectionPool, MssqlConfig, MssqlRequest } from 'mssql';
import {
  authError,
  DriverError,
  errorCode,
  networkError,
  ResultCollector,
  timeoutError,
  unknownDatabaseError,
  type DatabaseDriver,
  type DriverPool,
  type DriverSettings,
  type QueryOptions,
} from './driver.js';
import { inspectSqlserver, refusal } from './confinement.js';

// SQL Server through `mssql` (tedious), loaded only when a SQL Server connection is opened.
// Rows stream; once the result is full (rows or bytes) the request is cancelled. Each console
// statement runs on a connection of its own, closed after it. SQL Server has no read-only
// transaction: unless the admin confirmed a write, the statement runs inside a transaction that
// is always rolled back, and a statement that changed rows or returned no result set (DDL, DML)
// counts as a write — undone, and refused or asked about (decision 0131). Effects outside the
// transaction (extended stored procedures) are not undone: the stored user's rights remain the
// boundary there.

export function describeMssqlError(error: unknown, s: DriverSettings): DriverError {
  if (error instanceof DriverError) return error;
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  const number = (error as { number?: number; originalError?: { number?: number } }).number;
  if (/Cannot open database/i.test(message) || number === 4060) {
    return unknownDatabaseError(s.database, error);
  }
  if (code === 'ELOGIN' || number === 18456) return authError(s.username, error);
  if (code === 'ETIMEOUT') {
    return /request|statement/i.test(message)
      ? new DriverError(
          'timeout',
          `The statement ran longer than ${s.timeout} ms and was cancelled.`,
          {
            cause: error,
          },
        )
      : timeoutError(s, error);
  }
  if (code === 'EREQUEST') return new DriverError('query', message, { cause: error });
  return networkError(error, s) ?? new DriverError('other', message, { cause: error });
}

export const sqlserverDriver: DatabaseDriver = {
  type: 'sqlserver',
  async open(s) {
    const { default: mssql } = await import('mssql');
    const config: MssqlConfig = {
      server: s.host,
      port: s.port,
      database: s.database,
      user: s.username,
      password: s.password,
      connectionTimeout: s.timeout,
      requestTimeout: s.timeout,
      pool: { max: s.connectionLimit, min: 0, idleTimeoutMillis: 30_000 },
      options: { encrypt: s.ssl, trustServerCertificate: false, useUTC: true },
    };
    const pool: ConnectionPool = new mssql.ConnectionPool(config);
    pool.on('error', () => undefined);
    try {
      await pool.connect();
      await pool.request().query('select 1 as ok');
    } catch (error) {
      await pool.close().catch(() => undefined);
      throw describeMssqlError(error, s);
    }
    const handle: DriverPool = {
      async ping() {
        try {
          await pool.request().query('select 1 as ok');
        } catch (error) {
          throw describeMssqlError(error, s);
        }
      },
      async query(statement, options) {
        // What reaches outside the database is refused before anything connects (0266).
        const refused = refusal(await inspectSqlserver(statement), options);
        if (refused) throw refused;
        const own: ConnectionPool = new mssql.ConnectionPool({
          ...config,
          pool: { max: 1, min: 0, idleTimeoutMillis: 1_000 },
        });
        own.on('error', () => undefined);
        try {
          await own.connect();
          if (options.mode === 'write') {
            const out = await streamQuery(own.request(), statement, options);
            return out.collector.outcome(out.sawRows ? 'read' : 'write', out.affected);
          }
          const tx = new mssql.Transaction(own);
          await tx.begin();
          let out: Awaited<ReturnType<typeof streamQuery>>;
          try {
            out = await streamQuery(new mssql.Request(tx), statement, options);
          } finally {
            await tx.rollback().catch(() => undefined);
          }
          if (!out.sawRows || out.affected > 0) {
            throw options.mode === 'read-only'
              ? new DriverError('read_only', databaseConfigTexts.readOnly)
              : new DriverError('confirm', databaseConfigTexts.confirmWrite);
          }
          return out.collector.outcome('read', null);
        } catch (error) {
          throw describeMssqlError(error, s);
        } finally {
          await own.close().catch(() => undefined);
        }
      },
      async tables() {
        try {
          return await mssqlTables(pool);
        } catch (error) {
          throw describeMssqlError(error, s);
        }
      },
      openConnections: () => pool.size,
      close: () => pool.close(),
    };
    return handle;
  },
};

function streamQuery(request: MssqlRequest, statement: string, options: QueryOptions) {
  return new Promise<{ collector: ResultCollector; sawRows: boolean; affected: number }>(
    (resolve, reject) => {
      const collector = new ResultCollector(options);
      let affected = 0;
      let sawRows = false;
      let settled = false;
      const done = () => resolve({ collector, sawRows, affected });
      request.stream = true;
      request.on('recordset', (columns) => {
        sawRows = true;
        if (collector.columns.length === 0) collector.columns = Object.keys(columns);
      });
      request.on('row', (row) => {
        if (settled) return;
        sawRows = true;
        if (!collector.add(row)) {
          settled = true;
          request.cancel();
          done();
        }
      });
      request.on('rowsaffected', (n) => (affected += n));
      request.on('error', (error) => {
        if (settled) return;
        settled = true;
        reject(error);
      });
      request.on('done', () => {
        if (settled) return;
        settled = true;
        done();
      });
      // With stream on, the promise always resolves; rows, errors and the end come as events.
      void request.query(statement);
    },
  );
}

interface MssqlTableRow {
  schema: string;
  name: string;
  type: string;
  estimate: number | null;
  size: number | null;
}
interface MssqlColumnRow {
  table_schema: string;
  table_name: string;
  name: string;
  type: string;
  nullable: string;
  default_value: string | null;
  pk: number;
  fk: string | null;
}

async function mssqlTables(pool: ConnectionPool): Promise<DatabaseTable[]> {
  const tables = await pool.request().query<MssqlTableRow>(
    `select top 500 t.TABLE_SCHEMA as [schema], t.TABLE_NAME as name, t.TABLE_TYPE as type,
       (select sum(p.rows) from sys.partitions p
         where p.object_id = object_id(quotename(t.TABLE_SCHEMA) + '.' + quotename(t.TABLE_NAME))
           and p.index_id in (0, 1)) as estimate,
       (select sum(a.total_pages) * 8192 from sys.partitions p
          join sys.allocation_units a on a.container_id = p.partition_id
         where p.object_id = object_id(quotename(t.TABLE_SCHEMA) + '.' + quotename(t.TABLE_NAME))) as size
     from INFORMATION_SCHEMA.TABLES t order by t.TABLE_SCHEMA, t.TABLE_NAME`,
  );
  const columns = await pool.request().query<MssqlColumnRow>(
    `select c.TABLE_SCHEMA as table_schema, c.TABLE_NAME as table_name, c.COLUMN_NAME as name,
       c.DATA_TYPE as type, c.IS_NULLABLE as nullable, c.COLUMN_DEFAULT as default_value,
       case when exists (select 1 from INFORMATION_SCHEMA.TABLE_CONSTRAINTS tc
              join INFORMATION_SCHEMA.KEY_COLUMN_USAGE k
                on k.CONSTRAINT_NAME = tc.CONSTRAINT_NAME and k.TABLE_SCHEMA = tc.TABLE_SCHEMA
             where tc.CONSTRAINT_TYPE = 'PRIMARY KEY' and k.TABLE_SCHEMA = c.TABLE_SCHEMA
               and k.TABLE_NAME = c.TABLE_NAME and k.COLUMN_NAME = c.COLUMN_NAME) then 1 else 0 end as pk,
       (select top 1 object_name(f.referenced_object_id) + '.' + col_name(f.referenced_object_id, f.referenced_column_id)
          from sys.foreign_key_columns f
         where f.parent_object_id = object_id(quotename(c.TABLE_SCHEMA) + '.' + quotename(c.TABLE_NAME))
           and col_name(f.parent_object_id, f.parent_column_id) = c.COLUMN_NAME) as fk
     from INFORMATION_SCHEMA.COLUMNS c
     order by c.TABLE_SCHEMA, c.TABLE_NAME, c.ORDINAL_POSITION`,
  );
  const byTable = new Map<string, DatabaseTableColumn[]>();
  for (const c of columns.recordset) {
    const key = `${c.table_schema}.${c.table_name}`;
    const list = byTable.get(key) ?? [];
    list.push({
      name: c.name,
      type: c.type,
      nullable: c.nullable === 'YES',
      isPrimaryKey: c.pk === 1,
      isForeignKey: c.fk !== null,
      references: c.fk,
      defaultValue: c.default_value,
    });
    byTable.set(key, list);
  }
  return tables.recordset.map((t) => {
    const isView = t.type === 'VIEW';
    return {
      name: t.name,
      schema: t.schema,
      type: isView ? 'view' : 'table',
      rowCount: isView || t.estimate === null ? null : Number(t.estimate),
      rowCountEstimated: !isView,
      size: isView || t.size === null ? null : Number(t.size),
      columns: byTable.get(`${t.schema}.${t.name}`) ?? [],
    };
  });
}
