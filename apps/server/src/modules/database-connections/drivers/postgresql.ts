// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- declarations of the untyped driver packages, for every project compiling this file (bench too)
/// <reference path="./untyped-modules.d.ts" />
import type { Socket } from 'node:net';
import {
  databaseConfigTexts,
  type DatabaseTable,
  type DatabaseTableColumn,
} from '@cutout/contracts';
import pg from 'pg';
import Cursor from 'pg-cursor';
import {
  authError,
  DriverError,
  errorCode,
  networkError,
  rawBytes,
  READ_FACTOR,
  ResultCollector,
  timeoutError,
  unknownDatabaseError,
  type DatabaseDriver,
  type DriverPool,
  type DriverSettings,
  type QueryOptions,
} from './driver.js';
import { inspectPostgresql, refusal } from './confinement.js';

// PostgreSQL through `pg`. Each console statement runs on a client of its own, closed after it,
// so nothing it sets (SET statement_timeout, SET ROLE, temporary tables, advisory locks)
// outlives it; unless the admin confirmed a write, inside `BEGIN READ ONLY … ROLLBACK`, so the
// server itself refuses writes (decision 0131). Reads go through a cursor (pg-cursor: the
// extended protocol's row limit) in batches sized to what is left of the byte cap, so a query
// over a huge table, or over huge values, holds little more than the result's caps. When the
// time limit passes, Cutout ends the statement's backend itself (pg_terminate_backend), whatever
// the statement set its own statement_timeout to.

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

/** SQLSTATE of a write in a read-only transaction, and of a command a transaction cannot hold. */
const READ_ONLY_SQLSTATES = new Set(['25006', '25001']);
const READ_COMMANDS = new Set(['SELECT', 'SHOW', 'FETCH', 'EXPLAIN']);
/**
 * After the server's own statement_timeout, Cutout ends the backend itself: a statement may
 * have lifted its limit, or be sending a value the timeout does not interrupt (decision 0266).
 */
const STOP_GRACE_MS = 250;

export const postgresqlDriver: DatabaseDriver = {
  type: 'postgresql',
  async open(s) {
    const clientConfig: pg.ClientConfig = {
      host: s.host,
      port: s.port,
      database: s.database,
      user: s.username,
      password: s.password,
      ssl: s.ssl ? { rejectUnauthorized: true } : false,
      connectionTimeoutMillis: s.timeout,
      statement_timeout: s.timeout,
      query_timeout: s.timeout + 2_000,
      client_encoding: s.charset,
      options: `-c TimeZone=${s.timezone}`,
      application_name: 'cutout-admin',
    };
    const pool = new pg.Pool({
      ...clientConfig,
      max: s.connectionLimit,
      idleTimeoutMillis: 30_000,
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
    let running = 0;

    const handle: DriverPool = {
      async ping() {
        try {
          await pool.query('select 1');
        } catch (error) {
          throw describePgError(error, s);
        }
      },
      async query(statement, options) {
        // What reaches outside the database is refused before anything connects (0266).
        const inspection = await inspectPostgresql(statement);
        const refused = refusal(inspection, options);
        if (refused) throw refused;
        const confined = options.mode === 'read-only' || !options.serverAccess;
        const client = new pg.Client({ ...clientConfig, query_timeout: undefined });
        client.on('error', () => undefined);
        running += 1;
        let timedOut = false;
        let timer: NodeJS.Timeout | undefined;
        let stop: ((error: Error) => void) | undefined;
        const stopped = new Promise<never>((_, reject) => {
          stop = reject;
        });
        stopped.catch(() => undefined);
        const wire = { received: 0, overflowed: false };
        const stopBackend = () =>
          pool
            .query('select pg_terminate_backend($1)', [
              (client as unknown as { processID: number }).processID,
            ])
            .catch(() => undefined);
        const work = async () => {
          try {
            await client.connect();
          } catch (error) {
            throw describePgError(error, s);
          }
          // One huge value is bounded like many rows: past the cap in bytes read from the
          // wire, the socket is closed and the backend ended, before pg gathers the rest.
          const socket = streamOf(client);
          socket?.on('data', (chunk: Buffer) => {
            wire.received += chunk.length;
            if (!wire.overflowed && wire.received > wireCap(options)) {
              wire.overflowed = true;
              socket.destroy();
              void stopBackend();
            }
          });
          const readOnly = options.mode !== 'write';
          if (readOnly) await client.query('begin transaction read only');
          try {
            if (confined) await refuseForeignTables(client, inspection.relations, options);
            wire.received = 0;
            const out = await readCursor(client, statement, options, wire);
            return readOnly
              ? out.outcome('read', null)
              : out.outcome(READ_COMMANDS.has(out.command ?? '') ? 'read' : 'write', out.rowCount);
          } finally {
            if (readOnly && !wire.overflowed && !timedOut) {
              await client.query('rollback').catch(() => undefined);
            }
          }
        };
        try {
          // The limit holds whatever the statement sets, and whatever the client is busy
          // with: its backend is ended from outside and the answer given at once.
          timer = setTimeout(() => {
            timedOut = true;
            void stopBackend().finally(() => destroy(client));
            stop?.(
              new DriverError(
                'timeout',
                `The statement ran longer than ${s.timeout} ms and was cancelled.`,
              ),
            );
          }, options.timeoutMs + STOP_GRACE_MS);
          return await Promise.race([work(), stopped]);
        } catch (error) {
          if (timedOut) {
            throw new DriverError(
              'timeout',
              `The statement ran longer than ${s.timeout} ms and was cancelled.`,
              { cause: error },
            );
          }
          if (wire.overflowed) {
            throw new DriverError('query', databaseConfigTexts.valueTooLarge(wireCap(options)), {
              cause: error,
            });
          }
          const code = errorCode(error);
          if (code && READ_ONLY_SQLSTATES.has(code) && options.mode !== 'write') {
            throw options.mode === 'read-only'
              ? new DriverError('read_only', databaseConfigTexts.readOnly, { cause: error })
              : new DriverError('confirm', databaseConfigTexts.confirmWrite, { cause: error });
          }
          throw describePgError(error, s);
        } finally {
          clearTimeout(timer);
          running -= 1;
          if (timedOut || wire.overflowed) destroy(client);
          else await client.end().catch(() => undefined);
        }
      },
      async powerfulRights() {
        try {
          const { rows } = await pool.query<{ superuser: boolean; roles: string[] }>(
            `select r.rolsuper as superuser,
                    array(select b.rolname::text from pg_roles b
                           where b.rolname in ('pg_execute_server_program', 'pg_read_server_files',
                                               'pg_write_server_files', 'pg_signal_backend')
                             and pg_has_role(current_user, b.oid, 'member')
                           order by b.rolname) as roles
               from pg_roles r where r.rolname = current_user`,
          );
          const row = rows[0];
          if (!row) return [];
          return [...(row.superuser ? ['superuser'] : []), ...(row.superuser ? [] : row.roles)];
        } catch (error) {
          throw describePgError(error, s);
        }
      },
      async tables() {
        try {
          return await pgTables(pool);
        } catch (error) {
          throw describePgError(error, s);
        }
      },
      openConnections: () => pool.totalCount + running,
      close: () => pool.end(),
    };
    return handle;
  },
};

function streamOf(client: pg.Client): Socket | undefined {
  return (client as unknown as { connection?: { stream?: Socket } }).connection?.stream;
}

function destroy(client: pg.Client): void {
  streamOf(client)?.destroy();
}

/**
 * Bytes one statement may bring over the wire: what the collector reads at most (four times the
 * result's cap) and as much again for one last row, so a single huge value ends the read once it
 * passes this (decision 0266): 32 MB with the 4 MB cap.
 */
export function wireCap(options: Pick<QueryOptions, 'maxBytes'>): number {
  return options.maxBytes * READ_FACTOR * 2;
}

/**
 * Foreign tables read another server (postgres_fdw, file_fdw): a confined statement that names
 * one is refused before it runs (decision 0266). Views over them are not followed.
 */
async function refuseForeignTables(
  client: pg.Client,
  relations: readonly string[],
  options: Pick<QueryOptions, 'mode'>,
): Promise<void> {
  if (relations.length === 0) return;
  const { rows } = await client.query<{ name: string }>(
    `select c.oid::regclass::text as name
       from unnest($1::text[]) as n(name)
       join pg_class c on c.oid = to_regclass(n.name)
      where c.relkind = 'f'
      limit 1`,
    [
      relations.map((name) =>
        name
          .split('.')
          .map((part) => pg.escapeIdentifier(part))
          .join('.'),
      ),
    ],
  );
  const foreign = rows[0];
  if (foreign) {
    throw new DriverError(
      'forbidden',
      databaseConfigTexts.outsideDatabase(
        `the foreign table ${foreign.name}`,
        options.mode === 'read-only',
      ),
    );
  }
}

interface CursorRead {
  rows: Record<string, unknown>[];
  fields: { name: string }[];
  command: string | null;
  rowCount: number | null;
}

function read(cursor: Cursor, count: number): Promise<CursorRead> {
  return new Promise((resolve, reject) => {
    cursor.read(count, (error, rows, result) => {
      if (error) reject(error);
      else
        resolve({
          rows,
          fields: (result as unknown as { fields?: { name: string }[] }).fields ?? [],
          command: result.command,
          rowCount: result.rowCount,
        });
    });
  });
}

async function readCursor(
  client: pg.Client,
  statement: string,
  options: QueryOptions,
  wire: { overflowed: boolean },
) {
  const collector = new ResultCollector(options);
  const cursor = client.query(new Cursor(statement));
  let last: CursorRead | undefined;
  try {
    // Start with one row; then as many as the byte cap has room for, at most 200 at a time.
    let batch = 1;
    let largest = 0;
    for (;;) {
      let got: CursorRead;
      try {
        got = await read(cursor, batch);
      } catch (error) {
        // A huge value past the wire cap after some rows: those rows are the result.
        if (wire.overflowed && collector.rows.length > 0) {
          collector.stopForBytes();
          break;
        }
        throw error;
      }
      if (collector.columns.length === 0) collector.columns = got.fields.map((f) => f.name);
      last = got;
      for (const row of got.rows) {
        largest = Math.max(largest, rawBytes(row));
        if (!collector.add(row)) break;
      }
      if (collector.full || got.rows.length < batch) break;
      // Half of what fits, so a batch of large values never holds much more than the cap.
      const fits =
        Math.max(0, options.maxBytes * READ_FACTOR - collector.bytes) / Math.max(largest, 1);
      batch = Math.max(
        1,
        Math.min(200, options.maxRows + 1 - collector.rows.length, Math.floor(fits / 2)),
      );
    }
  } finally {
    // A closed socket answers no Close: the cursor is dropped with its connection.
    if (!wire.overflowed) await new Promise<void>((resolve) => cursor.close(() => resolve()));
  }
  return {
    command: last?.command ?? null,
    rowCount: last?.rowCount ?? null,
    outcome: (kind: 'read' | 'write', affected: number | null) =>
      collector.outcome(kind, affected ?? 0),
  };
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
