// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- declarations of the untyped driver packages, for every project compiling this file (bench too)
/// <reference path="./untyped-modules.d.ts" />
import type { DatabaseTable, DatabaseTableColumn } from '@cutout/contracts';
import pg from 'pg';
import Cursor from 'pg-cursor';
import {
  authError,
  DriverError,
  errorCode,
  jsonSafe,
  networkError,
  timeoutError,
  unknownDatabaseError,
  type DatabaseDriver,
  type DriverPool,
  type DriverSettings,
  type QueryOptions,
  type QueryOutcome,
} from './driver.js';

// PostgreSQL through `pg`. Reads go through a cursor (pg-cursor: the extended protocol's row
// limit), so a query over a huge table holds maxRows + 1 rows, whatever the table's size.

/** Tables smaller than this are counted exactly; larger ones show the planner's estimate. */
const EXACT_COUNT_BYTES = 32 * 1024 * 1024;

export function describePgError(error: unknown, s: DriverSettings): DriverError {
  if (error instanceof DriverError) return error;
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  // SQLSTATE classes: 28 = authorization, 3D000 = unknown database, 57014 = cancelled (timeout).
  if (code === '28P01' || code === '28000') return authError(s.username, error);
  if (code === '3D000') return unknownDatabaseError(s.database, error);
  if (code === '57014') {
    return new DriverError(
      'timeout',
      `The statement ran longer than ${s.timeout} ms and was cancelled.`,
      {
        cause: error,
      },
    );
  }
  if (/connection timeout|timeout expired/i.test(message)) return timeoutError(s, error);
  if (code && /^[0-9A-Z]{5}$/.test(code))
    return new DriverError('query', message, { cause: error });
  return networkError(error, s) ?? new DriverError('other', message, { cause: error });
}

export const postgresqlDriver: DatabaseDriver = {
  type: 'postgresql',
  async open(s) {
    const pool = new pg.Pool({
      host: s.host,
      port: s.port,
      database: s.database,
      user: s.username,
      password: s.password,
      ssl: s.ssl ? { rejectUnauthorized: true } : false,
      max: s.connectionLimit,
      connectionTimeoutMillis: s.timeout,
      idleTimeoutMillis: 30_000,
      statement_timeout: s.timeout,
      query_timeout: s.timeout + 2_000,
      client_encoding: s.charset,
      options: `-c TimeZone=${s.timezone}`,
      application_name: 'cutout-admin',
    });
    // An idle client losing its server must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    const fail = async (error: unknown): Promise<never> => {
      await pool.end().catch(() => undefined);
      throw describePgError(error, s);
    };
    try {
      await pool.query('select 1');
    } catch (error) {
      return fail(error);
    }

    const handle: DriverPool = {
      async ping() {
        try {
          await pool.query('select 1');
        } catch (error) {
          throw describePgError(error, s);
        }
      },
      async query(statement, options) {
        let client: pg.PoolClient;
        try {
          client = await pool.connect();
        } catch (error) {
          throw describePgError(error, s);
        }
        let broken = false;
        try {
          return await readCursor(client, statement, options);
        } catch (error) {
          broken = !(errorCode(error) ?? '').match(/^[0-9A-Z]{5}$/);
          throw describePgError(error, s);
        } finally {
          client.release(broken);
        }
      },
      async tables() {
        try {
          return await pgTables(pool);
        } catch (error) {
          throw describePgError(error, s);
        }
      },
      openConnections: () => pool.totalCount,
      close: () => pool.end(),
    };
    return handle;
  },
};

function readCursor(client: pg.PoolClient, statement: string, options: QueryOptions) {
  return new Promise<QueryOutcome>((resolve, reject) => {
    const cursor = client.query(new Cursor(statement));
    cursor.read(options.maxRows + 1, (error, rows, result) => {
      if (error) {
        cursor.close(() => reject(error));
        return;
      }
      const truncated = rows.length > options.maxRows;
      const kept = truncated ? rows.slice(0, options.maxRows) : rows;
      const isRead = rows.length > 0 || result.command === 'SELECT' || result.command === null;
      const rowsAffected = isRead ? kept.length : (result.rowCount ?? 0);
      cursor.close((closeError) => {
        if (closeError) reject(closeError);
        else resolve({ rows: kept.map(jsonSafe), rowsAffected, truncated });
      });
    });
  });
}

interface PgTableRow {
  oid: number;
  schema: string;
  name: string;
  relkind: string;
  estimate: string;
  size: string;
}
interface PgColumnRow {
  oid: number;
  name: string;
  type: string;
  nullable: boolean;
  default_value: string | null;
  pk: boolean;
  fk: string | null;
}

async function pgTables(pool: pg.Pool): Promise<DatabaseTable[]> {
  const { rows: tables } = await pool.query<PgTableRow>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind::text as relkind,
            c.reltuples::bigint::text as estimate,
            pg_total_relation_size(c.oid)::text as size
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any(current_schemas(false)) and c.relkind in ('r', 'p', 'v', 'm', 'f')
      order by n.nspname, c.relname
      limit 500`,
  );
  if (tables.length === 0) return [];
  const { rows: columns } = await pool.query<PgColumnRow>(
    `select a.attrelid::int as oid, a.attname as name,
            format_type(a.atttypid, a.atttypmod) as type,
            not a.attnotnull as nullable,
            pg_get_expr(d.adbin, d.adrelid) as default_value,
            exists (select 1 from pg_constraint k
                     where k.conrelid = a.attrelid and k.contype = 'p' and a.attnum = any(k.conkey)) as pk,
            (select k.confrelid::regclass::text || '.' || fa.attname
               from pg_constraint k
               join pg_attribute fa on fa.attrelid = k.confrelid
                                   and fa.attnum = k.confkey[array_position(k.conkey, a.attnum)]
              where k.conrelid = a.attrelid and k.contype = 'f' and a.attnum = any(k.conkey)
              limit 1) as fk
       from pg_attribute a
       left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
      where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped
      order by a.attrelid, a.attnum`,
    [tables.map((t) => t.oid)],
  );
  const byTable = new Map<number, DatabaseTableColumn[]>();
  for (const c of columns) {
    const list = byTable.get(c.oid) ?? [];
    list.push({
      name: c.name,
      type: c.type,
      nullable: c.nullable,
      isPrimaryKey: c.pk,
      isForeignKey: c.fk !== null,
      references: c.fk,
      defaultValue: c.default_value,
    });
    byTable.set(c.oid, list);
  }
  const out: DatabaseTable[] = [];
  for (const t of tables) {
    const isView = t.relkind === 'v' || t.relkind === 'm';
    const size = isView && t.relkind === 'v' ? null : Number(t.size);
    let rowCount: number | null = Number(t.estimate);
    let estimated = true;
    if (t.relkind === 'v') {
      rowCount = null;
      estimated = false;
    } else if ((size ?? 0) <= EXACT_COUNT_BYTES) {
      const ident = `${pg.escapeIdentifier(t.schema)}.${pg.escapeIdentifier(t.name)}`;
      const { rows } = await pool.query<{ n: string }>(`select count(*)::text as n from ${ident}`);
      rowCount = Number(rows[0]?.n ?? 0);
      estimated = false;
    } else if (rowCount < 0) {
      // Never analysed: no estimate yet.
      rowCount = null;
    }
    out.push({
      name: t.name,
      schema: t.schema,
      type: isView ? 'view' : 'table',
      rowCount,
      rowCountEstimated: estimated,
      size,
      columns: byTable.get(t.oid) ?? [],
    });
  }
  return out;
}
