import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestPostgres, tempDir, testDatabaseUrl } from '../../test/test-app.js';
import { openDatabase, type DatabaseHandle } from '../database.js';
import type { Dialect } from '../schema.js';
import { migrateToLatest, migrationNames } from './index.js';

// Upgrades cannot lose data (issue 38 item 3): a database is built at each migration point (the
// migrations applied in order up to it, as an older release left it), users, credit ledger rows,
// jobs, orders, credit lots and invoices are written with every column that exists at that
// point, then it is upgraded to the latest schema, and every value written must read back the
// same: balances, orders and invoices unchanged. On SQLite and PostgreSQL. The last test shows
// the check fails when an upgrade loses one column's data.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;
type Row = Record<string, unknown>;

const ISO = '2026-01-02T03:04:05.000Z';

/** Rows as the current schema has them; at an earlier point, only the columns it has are written. */
function fixtureRows(tag: string): { table: string; row: Row }[] {
  const user = `u-${tag}`;
  const order = `o-${tag}`;
  return [
    {
      table: 'users',
      row: {
        id: user,
        name: `Buyer ${tag}`,
        email: `buyer-${tag}@example.com`,
        email_verified: true,
        image: null,
        role: 'user',
        banned: false,
        ban_reason: null,
        ban_expires: null,
        account_type: 'business',
        credits: 107,
        created_at: ISO,
        updated_at: ISO,
        admin_plan: 'pro',
        usage_reset_at: ISO,
        usage_offset: 3,
      },
    },
    {
      table: 'credit_ledger',
      row: {
        id: `l-${tag}`,
        user_id: user,
        kind: 'purchase',
        amount: 100,
        balance_after: 107,
        reason: 'Bought 100 credits',
        reference: order,
        created_at: ISO,
      },
    },
    {
      table: 'jobs',
      row: {
        id: `j-${tag}`,
        user_id: user,
        status: 'completed',
        stage: 'done',
        progress: 100,
        source: 'upload',
        original_name: 'photo.jpg',
        content_type: 'image/jpeg',
        input_bytes: 123_456,
        width: 640,
        height: 480,
        error_code: null,
        error_message: null,
        timings: '{"totalMs":812}',
        via: 'api',
        created_at: ISO,
        started_at: ISO,
        finished_at: ISO,
        expires_at: ISO,
        purged_at: null,
        size: 'full',
        attempts: 1,
        visitor_token_hash: null,
        result_version: 1,
        result_edits: 1,
      },
    },
    {
      table: 'orders',
      row: {
        id: order,
        provider: 'sandbox',
        provider_order_id: `p-${tag}`,
        receipt_number: `R-${tag}`,
        user_id: user,
        plan_id: 'credits-100',
        plan_name: '100 credits',
        checkout_id: null,
        status: 'paid',
        amount_cents: 2062,
        currency: 'EUR',
        credits: 100,
        lot_id: `lot-${tag}`,
        lot_expires_at: ISO,
        refunded_credits: 10,
        test_mode: 1,
        buyer_email: `buyer-${tag}@example.com`,
        buyer_name: `Buyer ${tag}`,
        paid_at: ISO,
        refunded_at: ISO,
        created_at: ISO,
        admin_note: 'checked',
        refunded_cents: 206,
        expected_cents: 2062,
        quantity: 1,
        discount_cents: 5,
        tax_cents: 344,
        variant_id: 'credits-100',
        review_reason: null,
        payment_method: 'card',
      },
    },
    {
      table: 'credit_lots',
      row: {
        id: `lot-${tag}`,
        user_id: user,
        source: 'purchase',
        order_id: order,
        granted: 100,
        remaining: 97,
        expires_at: ISO,
        created_at: ISO,
      },
    },
    {
      table: 'invoices',
      row: {
        id: `i-${tag}`,
        number: `INV-${tag}`,
        sequence: `seq-${tag}`,
        seq: 42,
        kind: 'invoice',
        order_id: order,
        reference: `R-${tag}`,
        amount_cents: 2062,
        tax_cents: 344,
        currency: 'EUR',
        data: '{"seller":"Cutout","buyer":"Buyer"}',
        issued_at: ISO,
      },
    },
  ];
}

async function columnsOf(db: AnyDb, dialect: Dialect, table: string): Promise<Map<string, string>> {
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

/** One representation of a value on both dialects (SQLite's 0/1 booleans, pg's int8 strings). */
function same(value: unknown): string {
  if (value === true) return '1';
  if (value === false) return '0';
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') {
    return String(value);
  }
  return JSON.stringify(value);
}

/** Writes the fixture rows with the columns the tables have now; returns what was written. */
async function writeFixtures(db: AnyDb, dialect: Dialect, tag: string) {
  const written: { table: string; row: Row }[] = [];
  for (const { table, row } of fixtureRows(tag)) {
    const columns = await columnsOf(db, dialect, table);
    if (columns.size === 0) continue; // not created yet at this point
    const values: Row = {};
    for (const [column, value] of Object.entries(row)) {
      if (!columns.has(column)) continue;
      values[column] =
        dialect === 'sqlite' && typeof value === 'boolean'
          ? Number(value)
          : dialect === 'postgres' && columns.get(column) === 'boolean' && typeof value === 'number'
            ? value === 1
            : value;
    }
    await db.insertInto(table).values(values).execute();
    written.push({ table, row: values });
  }
  return written;
}

/** Every value written, read back after the upgrade: the ones that differ, as `table.column`. */
async function lostValues(db: AnyDb, written: { table: string; row: Row }[]): Promise<string[]> {
  const lost: string[] = [];
  for (const { table, row } of written) {
    const now: Row | undefined = await db
      .selectFrom(table)
      .selectAll()
      .where('id', '=', row.id as string)
      .executeTakeFirst();
    if (!now) {
      lost.push(`${table} row ${String(row.id)}`);
      continue;
    }
    for (const [column, value] of Object.entries(row)) {
      if (same(now[column]) !== same(value)) lost.push(`${table}.${column}`);
    }
  }
  return lost;
}

const opened: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of opened) await close();
});

async function freshDatabase(dialect: Dialect): Promise<DatabaseHandle> {
  if (dialect === 'sqlite') {
    const dir = tempDir('cutout-upgrade-');
    const handle = openDatabase({ dialect: 'sqlite', file: path.join(dir.dir, 'cutout.db') });
    opened.push(async () => {
      await handle.close();
      dir.remove();
    });
    return handle;
  }
  const pg = await openTestPostgres(testDatabaseUrl!, { empty: true });
  opened.push(async () => {
    await pg.handle.close();
    await pg.dispose();
  });
  return pg.handle;
}

/** Builds the database at `point`, writes the fixtures, upgrades it; returns what was lost. */
async function upgradeFrom(
  dialect: Dialect,
  point: number,
  afterUpgrade?: (db: AnyDb) => Promise<void>,
): Promise<{ written: number; lost: string[] }> {
  const handle = await freshDatabase(dialect);
  const db = handle.db as AnyDb;
  await migrateToLatest(db, dialect, { only: migrationNames.slice(0, point + 1) });
  const written = await writeFixtures(db, dialect, `${point}-${randomBytes(3).toString('hex')}`);
  await migrateToLatest(db, dialect);
  await afterUpgrade?.(db);
  return { written: written.length, lost: await lostValues(db, written) };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  const suite = dialect === 'postgres' && !testDatabaseUrl ? describe.skip : describe;
  const label =
    dialect === 'sqlite'
      ? 'SQLite'
      : `PostgreSQL${testDatabaseUrl ? '' : ' (skipped: TEST_DATABASE_URL is not set)'}`;
  suite(`upgrading from every migration point keeps the data on ${label}`, () => {
    it.each(migrationNames.map((name, point) => ({ name, point })))(
      'from $name',
      async ({ point }) => {
        const { written, lost } = await upgradeFrom(dialect, point);
        // From the accounts migration on, there is something to keep.
        if (migrationNames[point]! >= '0002') expect(written).toBeGreaterThan(0);
        expect(lost).toEqual([]);
      },
      60_000,
    );

    it('the check fails when an upgrade loses a column’s data', async () => {
      const { lost } = await upgradeFrom(dialect, migrationNames.indexOf('0006-payments'), (db) =>
        db
          .updateTable('orders')
          .set({ buyer_email: null })
          .execute()
          .then(() => undefined),
      );
      expect(lost).toEqual(['orders.buyer_email']);
    }, 60_000);
  });
}
