import { existsSync } from 'node:fs';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import Cursor from 'pg-cursor';
import type { DatabaseConfig } from '../../config.js';
import { postgresClientConfig } from '../../db/database.js';
import { BackupError } from './archive-format.js';

// Reads Cutout's tables for a backup in ONE snapshot, on a connection of its own, so the server's
// connections keep serving meanwhile (decision 0268): SQLite, one read transaction on a second
// connection (WAL lets the server write beside it and the reader keeps seeing the snapshot);
// PostgreSQL, one REPEATABLE READ, READ ONLY transaction read through cursors. Rows are handed out
// a batch at a time, never a whole table in memory.

export type Row = Record<string, unknown>;

export interface Snapshot {
  /** The migrations applied, as the snapshot sees them. */
  migrations(): Promise<string[]>;
  /** Whether the table exists (a database not yet upgraded lacks the newer ones). */
  hasTable(table: string): Promise<boolean>;
  /** The table's rows, normalised (normaliseRow). */
  rows(table: string): AsyncIterable<Row>;
  close(): Promise<void>;
}

const BATCH = 500;

/** Column name → its declared type, lower case ('boolean', 'integer', 'jsonb', …). */
type ColumnTypes = Map<string, string>;

/** One value as the archive keeps it, the same whichever dialect it was read from. */
function normalise(type: string | undefined, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === true || value === 1 || value === '1' || value === 't';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  if (Buffer.isBuffer(value)) throw new Error('binary columns are not part of the backup format');
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

function normaliseRow(types: ColumnTypes, row: Row): Row {
  const out: Row = {};
  for (const [column, value] of Object.entries(row))
    out[column] = normalise(types.get(column), value);
  return out;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function openSnapshot(config: DatabaseConfig): Promise<Snapshot> {
  return config.dialect === 'sqlite'
    ? openSqliteSnapshot(config.file)
    : openPostgresSnapshot(config);
}

function openSqliteSnapshot(file: string): Snapshot {
  if (!existsSync(file)) {
    throw new BackupError(
      `There is no Cutout database at ${file}: check DATA_DIR (or DATABASE_URL) is the server's.`,
    );
  }
  const sqlite = new SQLite(file, { fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  sqlite.exec('begin');
  // The snapshot starts at the first read of the transaction: take it now.
  sqlite.prepare('select count(*) from sqlite_master').get();
  return {
    migrations: async () =>
      (
        sqlite.prepare('select name from kysely_migration order by name').all() as {
          name: string;
        }[]
      ).map((r) => r.name),
    hasTable: async (table) =>
      sqlite.prepare(`select 1 from sqlite_master where type = 'table' and name = ?`).get(table) !==
      undefined,
    async *rows(table) {
      const columns = sqlite.prepare(`pragma table_info(${quote(table)})`).all() as {
        name: string;
        type: string;
      }[];
      const types: ColumnTypes = new Map(columns.map((c) => [c.name, c.type.toLowerCase()]));
      let n = 0;
      for (const row of sqlite
        .prepare(`select * from ${quote(table)}`)
        .iterate() as Iterable<Row>) {
        yield normaliseRow(types, row);
        // better-sqlite3 is synchronous: let the server's requests in between batches.
        if (++n % BATCH === 0) await yieldToEvents();
      }
    },
    close: async () => {
      if (!sqlite.open) return;
      if (sqlite.inTransaction) sqlite.exec('commit');
      sqlite.close();
    },
  };
}

async function openPostgresSnapshot(
  config: Extract<DatabaseConfig, { dialect: 'postgres' }>,
): Promise<Snapshot> {
  const client = new pg.Client(postgresClientConfig(config));
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read, read only');
    // The snapshot is taken at the first statement after BEGIN.
    await client.query('select 1');
  } catch (error) {
    await client.end();
    throw error;
  }
  let closed = false;
  return {
    migrations: async () =>
      (
        await client.query<{ name: string }>('select name from kysely_migration order by name')
      ).rows.map((r) => r.name),
    hasTable: async (table) =>
      (
        await client.query(
          `select 1 from information_schema.tables
            where table_schema = current_schema() and table_name = $1`,
          [table],
        )
      ).rows.length > 0,
    async *rows(table) {
      const columns = await client.query<{ column_name: string; data_type: string }>(
        `select column_name, data_type from information_schema.columns
          where table_schema = current_schema() and table_name = $1`,
        [table],
      );
      const types: ColumnTypes = new Map(
        columns.rows.map((c) => [c.column_name, c.data_type.toLowerCase()]),
      );
      const cursor = client.query(new Cursor(`select * from ${quote(table)}`));
      const read = () =>
        new Promise<Row[]>((resolve, reject) =>
          cursor.read(BATCH, (error, rows) => (error ? reject(error) : resolve(rows))),
        );
      try {
        for (;;) {
          const batch = await read();
          if (batch.length === 0) break;
          for (const row of batch) yield normaliseRow(types, row);
        }
      } finally {
        await new Promise<void>((resolve) => cursor.close(() => resolve()));
      }
    },
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.query('commit');
      } finally {
        await client.end();
      }
    },
  };
}
