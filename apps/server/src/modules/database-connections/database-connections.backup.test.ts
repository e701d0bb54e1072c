import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import {
  auditActions,
  databaseBackupApiPaths,
  databaseBackupTexts,
  databaseTexts,
} from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createAccountsApp } from '../../test/accounts.js';
import { backupApi } from '../../test/database-backups.js';
import { adminApi, isRunning } from '../../test/database-connections.js';
import { testDatabaseUrl, type TestApp } from '../../test/test-app.js';
import { auditEntries } from '../audit/audit.service.js';
import { runTool, ToolError } from './database-connections.backup-tools.js';

// Admin → Database Backup and Restore (issue 38 item 2, decision 0269): on real SQLite files
// (Cutout's own data on SQLite and, with TEST_DATABASE_URL, PostgreSQL), and against the live
// PostgreSQL and MariaDB in databases of their own, made and dropped by each run. Each backs up,
// changes the data, is refused a restore (wrong confirmation, a damaged file, a file of another
// kind) that must leave the data as it was, then restores and compares.

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const mysqlUrl = process.env.TEST_MYSQL_URL || undefined;

for (const dialect of ['sqlite', 'postgres'] as const) {
  if (dialect === 'postgres' && !testDatabaseUrl) {
    describe.skip('SQLite backup and restore, Cutout on PostgreSQL (skipped: TEST_DATABASE_URL is not set)', () => {
      it('needs PostgreSQL', () => undefined);
    });
    continue;
  }
  describe(`SQLite backup and restore, Cutout's own data on ${dialect}`, () => {
    let t: TestApp;
    let a: ReturnType<typeof adminApi>;
    let b: ReturnType<typeof backupApi>;
    let file: string;
    const rows = (f = file) => {
      const db = new SQLite(f, { readonly: true });
      try {
        return db.prepare('select id, name from shop order by id').all();
      } finally {
        db.close();
      }
    };
    const write = (sql: string) => {
      const db = new SQLite(file);
      db.exec(sql);
      db.close();
    };

    beforeAll(async () => {
      t = await createAccountsApp(dialect);
      const cookie = await adminCookie(t.app);
      a = adminApi(t.app, cookie);
      b = backupApi(t.app, cookie);
      const dir = t.config.databaseConnections.sqliteDir;
      mkdirSync(dir, { recursive: true });
      file = path.join(dir, 'shop.db');
      const db = new SQLite(file);
      db.pragma('journal_mode = WAL');
      db.exec(
        "create table shop (id integer primary key, name text not null); insert into shop (name) values ('tea'), ('cake')",
      );
      db.close();
    }, 60_000);
    afterAll(async () => {
      await t?.close();
    });

    it('says Not connected to database without an active connection', async () => {
      const { res } = await b.backup();
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(databaseTexts.notConnected);
    });

    it('backs up, refuses bad restores leaving the file as it was, and restores', async () => {
      const id = await a.create('Shop', { type: 'sqlite', database: 'shop.db', allowWrites: true });
      expect((await a.connect(id)).statusCode).toBe(200);

      const { res, bytes } = await b.backup();
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename="shop-[\dT-]+Z\.sqlite"$/,
      );
      expect(bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
      const saved = path.join(path.dirname(file), '..', 'saved.sqlite');
      writeFileSync(saved, bytes);
      expect(rows(saved)).toEqual([
        { id: 1, name: 'tea' },
        { id: 2, name: 'cake' },
      ]);

      write("update shop set name = 'coffee' where id = 1; insert into shop (name) values ('pie')");
      const changed = rows();
      expect(changed).toHaveLength(3);

      // The wrong confirmation: refused, nothing loaded.
      let r = await b.restore(bytes, 'other.db');
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toBe(
        `${databaseTexts.restoreFailed}: ${databaseBackupTexts.confirmationMismatch('shop.db')}`,
      );
      expect(rows()).toEqual(changed);

      // A file of another kind: refused before anything runs.
      r = await b.restore(Buffer.from('PGDMP not a sqlite file'), 'shop.db');
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(
        /^Restore failed: This file is not a SQLite database file/,
      );
      expect(rows()).toEqual(changed);

      // A damaged SQLite file: the integrity check fails, nothing loaded.
      const damaged = Buffer.from(bytes);
      damaged.fill(0x5a, 4096, Math.min(damaged.length, 8192));
      r = await b.restore(damaged, 'shop.db');
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().error.message).toMatch(/^Restore failed: /);
      expect(rows()).toEqual(changed);

      // No file.
      r = await b.restore(undefined, 'shop.db');
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toBe(
        `${databaseTexts.restoreFailed}: ${databaseBackupTexts.fileRequired}`,
      );

      r = await b.restore(bytes, 'shop.db');
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().message).toBe(databaseBackupTexts.restored('shop.db'));
      expect(rows()).toEqual([
        { id: 1, name: 'tea' },
        { id: 2, name: 'cake' },
      ]);
      // The console reads the restored file too.
      const q = await a.query('select count(*) as n from shop');
      expect(q.data).toEqual([{ n: 2 }]);

      const audit = await auditEntries(t.app.database.db, { actionPrefix: 'database.', limit: 50 });
      const backups = audit.filter((e) => e.action === auditActions.databaseBackup);
      expect(backups[0]?.detail).toMatchObject({
        outcome: 'success',
        database: 'shop.db',
        type: 'sqlite',
      });
      const restores = audit.filter((e) => e.action === auditActions.databaseRestore);
      expect(restores.map((e) => (e.detail as { outcome: string }).outcome)).toEqual([
        'success',
        'error',
        'refused',
        'refused',
      ]);
    });

    it('refuses a restore into a read-only connection before reading the file', async () => {
      const id = await a.create('Shop read-only', { type: 'sqlite', database: 'shop.db' });
      expect((await a.connect(id)).statusCode).toBe(200);
      write("insert into shop (name) values ('scone')");
      const before = rows();
      const { bytes } = await b.backup();
      write('delete from shop');
      const r = await b.restore(bytes, 'shop.db');
      expect(r.statusCode).toBe(409);
      expect(r.json().error.message).toBe(
        `${databaseTexts.restoreFailed}: ${databaseBackupTexts.readOnly}`,
      );
      expect(rows()).toEqual([]);
      expect(before).toHaveLength(3);
    });

    it('says MongoDB and SQL Server are not supported', async () => {
      for (const [type, label] of [
        ['mongodb', 'MongoDB'],
        ['sqlserver', 'SQL Server'],
      ] as const) {
        const id = await a.create(`${label} one`, {
          type,
          host: '127.0.0.1',
          port: 9,
          database: 'x',
          username: 'u',
          password: 'p',
        });
        // Made active in the table: no such server runs here to connect to.
        await t.app.database.db.updateTable('database_connections').set({ is_active: 0 }).execute();
        await t.app.database.db
          .updateTable('database_connections')
          .set({ is_active: 1 })
          .where('id', '=', id)
          .execute();
        const { res } = await b.backup();
        expect(res.statusCode).toBe(422);
        expect(res.json().error.message).toBe(
          `${databaseTexts.backupFailed}: ${databaseBackupTexts.notSupported(label)}`,
        );
        const r = await b.restore(Buffer.from('x'), 'x');
        expect(r.json().error.message).toBe(
          `${databaseTexts.restoreFailed}: ${databaseBackupTexts.notSupported(label)}`,
        );
      }
    });

    it('refuses a restore sent from another site (CSRF)', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: databaseBackupApiPaths.backup,
        headers: { cookie: await adminCookie(t.app), origin: 'https://attacker.example' },
      });
      expect(res.statusCode).toBe(403);
    });
  });
}

describe('the tools run bounded in time', () => {
  it('kills a program at its time limit', async () => {
    const started = Date.now();
    let pid: number | undefined;
    const run = runTool(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      env: {},
      timeoutMs: 300,
      onSpawn: (id) => (pid = id),
    });
    await expect(run).rejects.toMatchObject({ kind: 'timeout' });
    await expect(run).rejects.toBeInstanceOf(ToolError);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(pid).toBeGreaterThan(0);
    expect(isRunning(pid!)).toBe(false);
  });

  it('passes nothing of the server’s environment on', async () => {
    process.env.CUTOUT_TEST_SECRET = 'do-not-pass';
    try {
      const out = await runTool(
        process.execPath,
        ['-e', 'process.stdout.write(JSON.stringify(process.env))'],
        {
          env: { ONLY: 'this' },
          timeoutMs: 10_000,
        },
      );
      const env = JSON.parse(out) as Record<string, string>;
      expect(env.ONLY).toBe('this');
      expect(env.CUTOUT_TEST_SECRET).toBeUndefined();
    } finally {
      delete process.env.CUTOUT_TEST_SECRET;
    }
  });
});

// ---- live servers ----

interface Live {
  label: string;
  url: string | undefined;
  skip: string;
  type: 'postgresql' | 'mysql';
  direct: (url: string) => Promise<{
    run: (sql: string) => Promise<void>;
    rows: (sql: string) => Promise<Record<string, unknown>[]>;
    end: () => Promise<void>;
  }>;
  /** The same server's address with another database. */
  withDatabase: (url: string, database: string) => string;
  magic: string;
  /** A copy of the dump that fails part-way through loading. */
  damage: (dump: Buffer) => Buffer;
  seed: (p: string) => string[];
}

const lives: Live[] = [
  {
    label: 'PostgreSQL',
    url: postgresUrl,
    skip: 'TEST_DATABASE_URL is not set',
    type: 'postgresql',
    direct: async (url) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return {
        run: async (sql) => void (await client.query(sql)),
        rows: async (sql) => (await client.query(sql)).rows,
        end: () => client.end(),
      };
    },
    withDatabase: (url, database) => {
      const u = new URL(url);
      u.pathname = `/${database}`;
      return u.toString();
    },
    magic: 'PGDMP',
    // Cut inside the last table's data: the table of contents still reads, the load fails late.
    damage: (dump) => dump.subarray(0, Math.floor(dump.length * 0.9)),
    seed: (p) => [
      `create table ${p}_a (id int primary key, name text not null)`,
      `insert into ${p}_a select i, 'name ' || i from generate_series(1, 50) as i`,
      `create table ${p}_b (id int primary key, payload text not null)`,
      `insert into ${p}_b select i, md5(i::text) || md5((i * 7)::text) from generate_series(1, 20000) as i`,
    ],
  },
  {
    label: 'MariaDB',
    url: mysqlUrl,
    skip: 'TEST_MYSQL_URL is not set',
    type: 'mysql',
    direct: async (url) => {
      const conn = await mysql.createConnection(url);
      return {
        run: async (sql) => void (await conn.query(sql)),
        rows: async (sql) => (await conn.query(sql))[0] as Record<string, unknown>[],
        end: () => conn.end(),
      };
    },
    withDatabase: (url, database) => {
      const u = new URL(url);
      u.pathname = `/${database}`;
      return u.toString();
    },
    magic: '-- MariaDB dump',
    // A statement that cannot run, after the first table was already loaded.
    damage: (dump) => {
      const text = dump.toString('utf8');
      const at = text.lastIndexOf('INSERT INTO');
      return Buffer.from(
        `${text.slice(0, at)}INSERT INTO nowhere_at_all VALUES (1);\n${text.slice(at)}`,
      );
    },
    seed: (p) => [
      `create table ${p}_a (id int primary key, name text not null)`,
      `insert into ${p}_a select seq, concat('name ', seq) from seq_1_to_50`,
      `create table ${p}_b (id int primary key, payload text not null)`,
      `insert into ${p}_b select seq, concat(md5(seq), md5(seq * 7)) from seq_1_to_20000`,
    ],
  },
];

for (const live of lives) {
  if (!live.url) {
    describe.skip(`backup and restore on ${live.label} (skipped: ${live.skip})`, () => {
      it('needs a live server', () => undefined);
    });
    continue;
  }
  const url = live.url;
  describe(`backup and restore on ${live.label}`, () => {
    const database = `cutout_bk_${randomBytes(4).toString('hex')}`;
    const p = 't';
    let t: TestApp;
    let a: ReturnType<typeof adminApi>;
    let b: ReturnType<typeof backupApi>;
    let server: Awaited<ReturnType<Live['direct']>>;
    let inside: Awaited<ReturnType<Live['direct']>>;
    const snapshot = async () => ({
      a: await inside.rows(`select id, name from ${p}_a order by id`),
      b: await inside.rows(`select count(*) as n, sum(length(payload)) as len from ${p}_b`),
    });

    beforeAll(async () => {
      server = await live.direct(url);
      await server.run(`create database ${database}`);
      inside = await live.direct(live.withDatabase(url, database));
      for (const sql of live.seed(p)) await inside.run(sql);
      t = await createAccountsApp('sqlite');
      const cookie = await adminCookie(t.app);
      a = adminApi(t.app, cookie);
      b = backupApi(t.app, cookie);
    }, 120_000);
    afterAll(async () => {
      await t?.close();
      await inside?.end().catch(() => undefined);
      if (server) {
        await server.run(`drop database if exists ${database}`).catch(() => undefined);
        await server.end();
      }
    });

    it('backs up, refuses a wrong confirmation and a damaged file leaving the data, and restores', async () => {
      const u = new URL(url);
      const id = await a.create(`${live.label} backup`, {
        type: live.type,
        host: u.hostname,
        port: Number(u.port || (live.type === 'mysql' ? 3306 : 5432)),
        database,
        username: decodeURIComponent(u.username),
        password: decodeURIComponent(u.password),
        allowWrites: true,
      });
      expect((await a.connect(id)).statusCode).toBe(200);
      const original = await snapshot();

      let started = performance.now();
      const { res, bytes } = await b.backup();
      const backupMs = performance.now() - started;
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="${database}-[\\dT-]+Z\\.(dump|sql)"$`),
      );
      expect(bytes.toString('latin1')).toContain(live.magic);

      await inside.run(`update ${p}_a set name = 'changed' where id <= 10`);
      await inside.run(`delete from ${p}_b where id > 100`);
      const changed = await snapshot();
      expect(changed).not.toEqual(original);

      let r = await b.restore(bytes, `${database}x`);
      expect(r.statusCode).toBe(400);
      expect(await snapshot()).toEqual(changed);

      r = await b.restore(live.damage(bytes), database);
      expect(r.statusCode, r.body).toBe(422);
      expect(r.json().error.message).toMatch(/^Restore failed: \S/);
      expect(await snapshot()).toEqual(changed);

      // A dump of the other kind is refused before anything runs.
      r = await b.restore(
        Buffer.from(live.type === 'mysql' ? 'PGDMP…' : '-- MariaDB dump 10.19\n'),
        database,
      );
      expect(r.statusCode).toBe(400);
      expect(r.json().error.message).toMatch(/^Restore failed: This file is not a /);
      expect(await snapshot()).toEqual(changed);

      started = performance.now();
      r = await b.restore(bytes, database);
      const restoreMs = performance.now() - started;
      expect(r.statusCode, r.body).toBe(200);
      expect(await snapshot()).toEqual(original);
      process.stdout.write(
        `[backup] ${live.label}: 20,050 rows, dump ${(bytes.length / 1024).toFixed(0)} KB; backup ${backupMs.toFixed(0)} ms, restore ${restoreMs.toFixed(0)} ms (through the API)\n`,
      );

      const audit = await auditEntries(t.app.database.db, { actionPrefix: 'database.', limit: 50 });
      expect(audit.find((e) => e.action === auditActions.databaseBackup)?.detail).toMatchObject({
        outcome: 'success',
        database,
      });
      expect(
        audit
          .filter((e) => e.action === auditActions.databaseRestore)
          .map((e) => (e.detail as { outcome: string }).outcome),
      ).toEqual(['success', 'refused', 'error', 'refused']);
      // No password in the audit log.
      expect(JSON.stringify(audit)).not.toContain('MYSQL_PWD');
    }, 180_000);

    if (live.type === 'mysql') {
      it('refuses a dump that switches databases', async () => {
        const r = await b.restore(
          Buffer.from(`-- MariaDB dump 10.19\nUSE \`mysql\`;\nDROP TABLE IF EXISTS x;\n`),
          database,
        );
        expect(r.statusCode).toBe(400);
        expect(r.json().error.message).toBe(
          `${databaseTexts.restoreFailed}: ${databaseBackupTexts.mysqlForeignStatement}`,
        );
      });
    }
  });
}
