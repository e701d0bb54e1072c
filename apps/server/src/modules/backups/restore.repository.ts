import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Dialect } from '../../db/schema.js';
import { BackupError, type BackupTable } from './archive-format.js';
import type { Row } from './snapshot.repository.js';

// The restore's side of the database: is it empty, what columns and references do its tables
// have, and loading the archive's rows in one transaction.

/** Whether the database already has any of Cutout's tables (then it is not a restore target). */
export async function hasCutoutTables(db: Db, dialect: Dialect): Promise<boolean> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name in ('kysely_migration', 'users')`.execute(db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_name in ('kysely_migration', 'users')`.execute(
          db,
        );
  return rows.rows.length > 0;
}

async function columnTypes(db: Db, dialect: Dialect, table: string): Promise<Map<string, string>> {
  const rows =
    dialect === 'sqlite'
      ? (
          await sql<{
            name: string;
            type: string;
          }>`select name, type from pragma_table_info(${table})`.execute(db)
        ).rows
      : (
          await sql<{ name: string; type: string }>`select column_name as name, data_type as type
            from information_schema.columns
            where table_schema = current_schema() and table_name = ${table}`.execute(db)
        ).rows;
  return new Map(rows.map((r) => [r.name, r.type.toLowerCase()]));
}

/** Each table's referenced tables (its foreign keys), as the migrated database declares them. */
async function references(db: Db, dialect: Dialect, tables: readonly string[]) {
  const out = new Map<string, Set<string>>(tables.map((t) => [t, new Set<string>()]));
  if (dialect === 'sqlite') {
    for (const table of tables) {
      const rows = (
        await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(
          db,
        )
      ).rows;
      for (const r of rows) out.get(table)!.add(r.table);
    }
  } else {
    const rows = (
      await sql<{ child: string; parent: string }>`
        select tc.table_name as child, ccu.table_name as parent
          from information_schema.table_constraints tc
          join information_schema.constraint_column_usage ccu
            on ccu.constraint_name = tc.constraint_name
           and ccu.constraint_schema = tc.constraint_schema
         where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(
        db,
      )
    ).rows;
    for (const r of rows) out.get(r.child)?.add(r.parent);
  }
  return out;
}

/** The tables, parents before children (ties in the given order). */
export async function dependencyOrder(
  db: Db,
  dialect: Dialect,
  tables: readonly BackupTable[],
): Promise<BackupTable[]> {
  const refs = await references(db, dialect, tables);
  const order: BackupTable[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const next = tables.find(
      (t) =>
        !placed.has(t) && [...refs.get(t)!].every((p) => p === t || placed.has(p) || !refs.has(p)),
    );
    if (!next) throw new Error('the tables reference each other in a cycle');
    order.push(next);
    placed.add(next);
  }
  return order;
}

/** A value as the target column takes it: SQLite keeps booleans as 0/1. */
function forColumn(dialect: Dialect, type: string | undefined, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') {
    const truth = value === true || value === 1 || value === '1';
    return dialect === 'sqlite' ? (truth ? 1 : 0) : truth;
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

// SQLite allows 32,766 bound values a statement, PostgreSQL 65,535.
const MAX_VALUES = 30_000;
const MAX_ROWS = 500;

/**
 * Replaces every row of `order`'s tables with the archive's, in one transaction: the rows the
 * migrations seeded (plans, settings) go first, then each table's rows load in order. Each
 * table's count must come out as the manifest says, or nothing is kept.
 */
export async function loadRows(
  db: Db,
  dialect: Dialect,
  order: readonly BackupTable[],
  rowsOf: (table: BackupTable) => Promise<AsyncIterable<Row>>,
  expected: Record<string, { rows: number }>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const table of [...order].reverse()) await trx.deleteFrom(table).execute();
    for (const table of order) {
      const types = await columnTypes(trx, dialect, table);
      let batch: Row[] = [];
      let loaded = 0;
      const flush = async () => {
        if (batch.length === 0) return;
        await trx.insertInto(table).values(batch).execute();
        loaded += batch.length;
        batch = [];
      };
      for await (const row of await rowsOf(table)) {
        const values: Row = {};
        for (const [column, value] of Object.entries(row)) {
          if (!types.has(column)) {
            throw new BackupError(
              `The archive's ${table} has a column ${column} this database does not: the archive does not match its migrations.`,
            );
          }
          values[column] = forColumn(dialect, types.get(column), value);
        }
        batch.push(values);
        const columns = Object.keys(values).length || 1;
        if (batch.length >= Math.min(MAX_ROWS, Math.floor(MAX_VALUES / columns))) await flush();
      }
      await flush();
      const want = expected[table]?.rows ?? 0;
      if (loaded !== want) {
        throw new BackupError(
          `The archive's ${table} holds ${loaded} rows where its manifest says ${want}. Nothing was restored.`,
        );
      }
    }
  });
}
