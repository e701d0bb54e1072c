import {
  existsSync,
  linkSync,
  mkdirSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { randomUUID } from 'node:crypto';
import {
  databaseConfigTexts,
  databaseConnectionsApiPaths as api,
  databaseDestination,
  databaseLimits,
  databaseTexts,
} from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCookie, createAccountsApp, signUp } from '../../test/accounts.js';
import { testDatabaseUrl, type TestApp } from '../../test/test-app.js';
import { auditEntries } from '../audit/audit.service.js';
import { DatabaseConnections } from './database-connections.service.js';
import { createDrivers } from './drivers/index.js';
import { resolveSqliteFile, sqliteProcessIds } from './drivers/sqlite.js';
import {
  adminApi,
  busiestThread,
  closedPort,
  isRunning,
  peakHeapGrowth,
  peakRssGrowth,
  processPeakRssGrowth,
  reportByteCap,
  reportMemory,
  silentServer,
} from '../../test/database-connections.js';

// Stored connections, validation, the SQLite driver on real files, and every network driver's
// error paths against local ports that refuse or never answer.

// Cutout's own database is SQLite, and PostgreSQL when TEST_DATABASE_URL is set (the stored
// connections, their flags and timestamps on both); the network error paths run once.
for (const dialect of ['sqlite', 'postgres'] as const) {
  if (dialect === 'postgres' && !testDatabaseUrl) {
    describe.skip('database connections stored in PostgreSQL (skipped: TEST_DATABASE_URL is not set)', () => {
      it('needs PostgreSQL', () => undefined);
    });
    continue;
  }
  describe(`database connections stored in ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, () => {
    let t: TestApp;
    let a: ReturnType<typeof adminApi>;
    let sqliteDir: string;
    beforeAll(async () => {
      t = await createAccountsApp(dialect);
      a = adminApi(t.app, await adminCookie(t.app));
      sqliteDir = t.config.databaseConnections.sqliteDir;
      mkdirSync(sqliteDir, { recursive: true });
    });
    afterAll(() => t.close());

    describe('stored connections', () => {
      it('validates with the spec texts and applies the type defaults to blank fields', async () => {
        const noName = await a.call('POST', api.connections, {
          name: '  ',
          config: { type: 'postgresql', host: 'h', port: 5432, database: 'd', username: 'u' },
        });
        expect(noName.statusCode).toBe(400);
        expect(noName.json().error.message).toBe('Connection name is required');

        const oracle = await a.call('POST', api.connections, {
          name: 'x',
          config: { type: 'oracle' },
        });
        expect(oracle.statusCode).toBe(400);
        expect(oracle.json().error.message).toBe('Unsupported database type');

        const bad = await a.call('POST', api.connections, {
          name: 'x',
          config: { type: 'postgresql', port: 0, connectionLimit: -1, timeout: 0 },
        });
        expect(bad.statusCode).toBe(400);
        expect(bad.json().error.message).toBe(
          'Configuration validation failed: Host is required, Port must be greater than 0, Database name is required, Username is required, Connection limit must be greater than 0, Timeout must be greater than 0',
        );

        // MongoDB needs no username; SQLite no host, port or username (spec §5).
        const mongo = await a.call('POST', api.connections, {
          name: 'Mongo',
          config: { type: 'mongodb', host: 'localhost', port: 27017, database: 'app' },
        });
        expect(mongo.statusCode, mongo.body).toBe(201);
        expect(mongo.json().connection.config).toMatchObject({
          connectionLimit: 10,
          timeout: 30000,
          charset: 'utf8',
          timezone: 'UTC',
        });
        const mysql = await a.call('POST', api.connections, {
          name: 'My',
          config: {
            type: 'mysql',
            host: 'db',
            port: 3306,
            database: 'app',
            username: 'root',
            connectionLimit: null,
            timeout: null,
          },
        });
        expect(mysql.json().connection.config).toMatchObject({
          connectionLimit: 10,
          timeout: 60000,
          charset: 'utf8mb4',
          ssl: false,
        });
        const lite = await a.call('POST', api.connections, {
          name: 'Lite',
          config: { type: 'sqlite', host: 'ignored', database: 'app.db', username: 'ignored' },
        });
        expect(lite.json().connection.config).toMatchObject({
          host: '',
          port: 0,
          username: '',
          connectionLimit: 1,
          timeout: 30000,
        });
        const escape = await a.call('POST', api.connections, {
          name: 'Escape',
          config: { type: 'sqlite', database: '../cutout.db' },
        });
        expect(escape.statusCode).toBe(400);
        expect(escape.json().error.message).toContain('SQLite connections directory');
      });

      it('seals passwords for their destination, shows no character of them, keeps them on a blank edit to the same place, copies inactive', async () => {
        const password = 'correct-horse-battery-9876';
        const config = {
          type: 'postgresql',
          host: 'db.example.com',
          port: 5432,
          database: 'shop',
          username: 'shop',
          password,
          ssl: true,
        };
        const id = await a.create('Shop', config);
        const list = await a.call('GET', api.connections);
        expect(list.body).not.toContain(password);
        const shop = list.json().connections.find((c: { id: string }) => c.id === id);
        expect(shop).toMatchObject({ name: 'Shop', isActive: false, lastUsed: null });
        expect(shop.config).toMatchObject({ password: '••••', hasPassword: true, ssl: true });
        expect(list.body).not.toContain('9876');

        const row = await t.app.database.db
          .selectFrom('database_connections')
          .select('password_sealed')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.password_sealed).toMatch(/^v2\./);
        expect(row.password_sealed).not.toContain(password);
        expect(
          t.app.secretBox.openFor(
            row.password_sealed!,
            databaseDestination({ ...config, type: 'postgresql' }),
          ),
        ).toBe(password);

        // Same destination, blank password: the stored one stays.
        const rename = await a.call('PUT', api.connection(id), {
          name: 'Shop EU',
          config: { ...config, password: '', timeout: 5000 },
        });
        expect(rename.statusCode, rename.body).toBe(200);
        expect(rename.json().message).toBe(databaseTexts.connectionUpdated);
        expect(rename.json().connection.config).toMatchObject({ password: '••••', timeout: 5000 });

        // Another host, port, type, database or TLS setting with a blank password: refused,
        // and nothing changes.
        for (const change of [
          { host: 'db.example.eu' },
          { port: 5433 },
          { type: 'mysql' },
          { database: 'other' },
          { ssl: false },
        ]) {
          const moved = await a.call('PUT', api.connection(id), {
            name: 'Shop EU',
            config: { ...config, ...change, password: '' },
          });
          expect(moved.statusCode, JSON.stringify(change)).toBe(400);
          expect(moved.json().error.message).toBe(databaseConfigTexts.reenterPassword);
          expect(moved.json().error.fields).toEqual({
            password: databaseConfigTexts.reenterPassword,
          });
        }
        const unchanged = await t.app.database.db
          .selectFrom('database_connections')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect([unchanged.host, unchanged.port]).toEqual(['db.example.com', 5432]);
        // With the password entered again the move is allowed, sealed for the new place.
        const moved = await a.call('PUT', api.connection(id), {
          name: 'Shop EU',
          config: { ...config, host: 'db.example.eu', port: 5433, password },
        });
        expect(moved.statusCode, moved.body).toBe(200);
        expect(moved.json().connection.config).toMatchObject({
          host: 'db.example.eu',
          port: 5433,
          password: '••••',
        });

        const copy = await a.call('POST', api.copy(id));
        expect(copy.statusCode).toBe(201);
        expect(copy.json().message).toBe('Connection duplicated');
        expect(copy.json().connection).toMatchObject({ name: 'Shop EU (Copy)', isActive: false });
        expect(copy.json().connection.config.hasPassword).toBe(true);

        const del = await a.call('DELETE', api.connection(copy.json().connection.id));
        expect(del.statusCode).toBe(200);
        expect((await a.call('DELETE', api.connection(copy.json().connection.id))).statusCode).toBe(
          404,
        );
      });

      it('never sends a stored password to a destination it was not saved for', async () => {
        // A listener on 127.0.0.1 that records every connection: the "new address".
        const catcher = await silentServer();
        let connections = 0;
        catcher.server.on('connection', () => (connections += 1));
        try {
          const id = await a.create('Moved', {
            type: 'postgresql',
            host: '127.0.0.1',
            port: 5432,
            database: 'shop',
            username: 'shop',
            password: 'secret-that-stays-home',
            timeout: 2000,
          });
          // Only the port changes, behind the API's back (an older server, a hand edit).
          await t.app.database.db
            .updateTable('database_connections')
            .set({ port: catcher.port })
            .where('id', '=', id)
            .execute();
          const tested = await a.test(id);
          expect(tested).toMatchObject({
            success: false,
            roundTripMs: null,
            message: databaseConfigTexts.passwordForAnotherDestination,
          });
          const connect = await a.connect(id);
          expect(connect.statusCode).toBe(422);
          expect(connect.json().error.message).toContain(
            databaseConfigTexts.passwordForAnotherDestination,
          );
          expect(connections).toBe(0);
        } finally {
          await catcher.close();
        }
      });

      it('binds passwords stored before destinations were bound, at start', async () => {
        const id = randomUUID();
        const now = new Date().toISOString();
        await t.app.database.db
          .insertInto('database_connections')
          .values({
            id,
            name: 'Legacy',
            type: 'mysql',
            host: 'legacy.example.com',
            port: 3306,
            database_name: 'app',
            username: 'app',
            password_sealed: t.app.secretBox.seal('old-style-password'),
            ssl: 0,
            allow_writes: 0,
            allow_server_access: 0,
            connection_limit: 10,
            timeout_ms: 60000,
            charset: 'utf8mb4',
            timezone: 'UTC',
            is_active: 0,
            created_by: null,
            created_at: now,
            updated_at: now,
            last_used_at: null,
          })
          .execute();
        const service = new DatabaseConnections({
          db: t.app.database.db,
          secretBox: t.app.secretBox,
          drivers: createDrivers({ sqliteDir }),
          log: t.app.log,
        });
        expect(await service.bindLegacySecrets()).toBeGreaterThanOrEqual(1);
        const row = await t.app.database.db
          .selectFrom('database_connections')
          .select('password_sealed')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(row.password_sealed).toMatch(/^v2\./);
        expect(
          t.app.secretBox.openFor(
            row.password_sealed!,
            databaseDestination({
              type: 'mysql',
              host: 'legacy.example.com',
              port: 3306,
              database: 'app',
              ssl: false,
            }),
          ),
        ).toBe('old-style-password');
        expect(await service.bindLegacySecrets()).toBe(0);
        await a.call('DELETE', api.connection(id));
      });

      it('answers "Not connected to database" and "Please enter a query" without an active connection', async () => {
        const status = await a.status();
        expect(status).toMatchObject({ isConnected: false, connectionInfo: null });
        const query = await a.call('POST', api.query, { query: 'select 1' });
        expect(query.statusCode).toBe(409);
        expect(query.json().error.message).toBe('Not connected to database');
        const tables = await a.call('GET', api.tables);
        expect(tables.json().error.message).toBe('Not connected to database');
        const empty = await a.call('POST', api.query, { query: '   ' });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().error.message).toBe('Please enter a query');
      });

      it('is for admins only', async () => {
        const user = await signUp(t.app);
        const res = await t.app.inject({
          method: 'GET',
          url: api.connections,
          headers: { cookie: user.cookie },
        });
        expect(res.statusCode).toBe(403);
      });
    });

    describe('SQLite file', () => {
      it('tests, connects, creates tables with keys, shows them, queries, measures and audits', async () => {
        new SQLite(path.join(sqliteDir, 'shop.db')).close();
        const id = await a.create('Shop file', {
          type: 'sqlite',
          database: 'shop.db',
          allowWrites: true,
        });

        const test = await a.test(id);
        expect(test.success, test.message).toBe(true);
        expect(test.roundTripMs).toBeGreaterThan(0);

        const connected = await a.connect(id);
        expect(connected.statusCode, connected.body).toBe(200);
        expect(connected.json()).toMatchObject({
          isConnected: true,
          connectionInfo: { type: 'sqlite', database: 'shop.db' },
        });

        // A write on a connection that allows writes is asked about first, and not run.
        const createCustomers =
          "create table customers (id integer primary key, email text not null, tier text default 'free')";
        const asked = await a.query(createCustomers);
        expect(asked).toMatchObject({
          success: false,
          confirmationRequired: true,
          error: databaseConfigTexts.confirmWrite,
          kind: null,
        });
        expect(
          new SQLite(path.join(sqliteDir, 'shop.db'), { readonly: true })
            .prepare("select count(*) as n from sqlite_schema where name = 'customers'")
            .get(),
        ).toEqual({ n: 0 });
        const created = await a.query(createCustomers, { confirmWrite: true });
        expect(created).toMatchObject({ success: true, kind: 'write', rowsAffected: 0 });
        await a.query(
          'create table orders (id integer primary key, customer_id integer not null references customers(id), total real)',
          { confirmWrite: true },
        );
        expect(
          await a.query("insert into customers (email) values ('a@x.io'), ('b@x.io')", {
            confirmWrite: true,
          }),
        ).toMatchObject({
          success: true,
          kind: 'write',
          rowsAffected: 2,
        });
        await a.query('insert into orders (customer_id, total) values (1, 9.5)', {
          confirmWrite: true,
        });
        // A read is not asked about, and has no "rows affected".
        const read = await a.query('select id, email, tier from customers order by id');
        expect(read).toMatchObject({
          success: true,
          kind: 'read',
          rowsAffected: null,
          rowCount: 2,
          columns: ['id', 'email', 'tier'],
          truncated: false,
          confirmationRequired: false,
        });
        expect(read.data).toEqual([
          { id: 1, email: 'a@x.io', tier: 'free' },
          { id: 2, email: 'b@x.io', tier: 'free' },
        ]);
        const broken = await a.query('select * from nowhere');
        expect(broken.success).toBe(false);
        expect(broken.error).toContain('no such table: nowhere');

        const tables = await a.tables();
        const orders = tables.find((x) => x.name === 'orders')!;
        expect(orders).toMatchObject({ type: 'table', rowCount: 1, rowCountEstimated: false });
        expect(orders.size).toBeGreaterThan(0);
        expect(orders.columns).toEqual([
          expect.objectContaining({
            name: 'id',
            type: 'INTEGER',
            isPrimaryKey: true,
            isForeignKey: false,
            nullable: false,
          }),
          expect.objectContaining({
            name: 'customer_id',
            isForeignKey: true,
            references: 'customers.id',
            nullable: false,
          }),
          expect.objectContaining({
            name: 'total',
            type: 'REAL',
            nullable: true,
            isPrimaryKey: false,
          }),
        ]);
        const customers = tables.find((x) => x.name === 'customers')!;
        expect(customers.columns.find((c) => c.name === 'tier')?.defaultValue).toBe("'free'");

        const status = await a.status();
        expect(status.isConnected).toBe(true);
        expect(status.stats.totalQueries).toBe(7);
        expect(status.stats.activeConnections).toBe(1);
        expect(status.stats.averageResponseTime).toBeGreaterThan(0);
        const average = status.stats.averageResponseTime;
        expect(Math.round(average * 100) / 100).toBe(average);

        const audit = await auditEntries(t.app.database.db, {
          actionPrefix: 'database.query',
          targetId: id,
        });
        expect(audit).toHaveLength(7);
        expect(
          audit.find((e) => e.detail?.outcome === 'confirmation-required')?.detail,
        ).toMatchObject({ statement: expect.stringMatching(/^create table customers/) });
        expect(audit.find((e) => e.detail?.outcome === 'error')?.detail).toMatchObject({
          statement: 'select * from nowhere',
          rows: 0,
        });
        expect(audit[0]!.actorEmail).toBe('admin@cutout.local');
        expect(
          audit.find((e) => String(e.detail?.statement).startsWith('select id'))?.detail,
        ).toMatchObject({
          outcome: 'success',
          rows: 2,
          durationMs: expect.any(Number),
        });

        const list = await a.call('GET', api.connections);
        const active = list.json().connections.filter((c: { isActive: boolean }) => c.isActive);
        expect(active.map((c: { id: string }) => c.id)).toEqual([id]);
        expect(active[0].lastUsed).not.toBeNull();

        // Connecting another makes this one inactive (spec §4); disconnecting leaves none.
        new SQLite(path.join(sqliteDir, 'other.db')).close();
        const other = await a.create('Other file', { type: 'sqlite', database: 'other.db' });
        expect((await a.connect(other)).statusCode).toBe(200);
        const after = (await a.call('GET', api.connections)).json().connections;
        expect(
          after.filter((c: { isActive: boolean }) => c.isActive).map((c: { id: string }) => c.id),
        ).toEqual([other]);
        const off = await a.call('POST', api.disconnect);
        expect(off.json().isConnected).toBe(false);
      });

      it('caps a query over 1,000,000 rows at 1,000 with flat memory', async () => {
        const file = path.join(sqliteDir, 'big.db');
        const big = new SQLite(file);
        big.exec(`create table big (id integer primary key, payload text not null);
        insert into big (payload)
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 1000000)
        select printf('%064d', i) from n;`);
        big.close();
        const id = await a.create('Big file', {
          type: 'sqlite',
          database: 'big.db',
          timeout: 60000,
        });
        const others = sqliteProcessIds();
        expect((await a.connect(id)).statusCode).toBe(200);
        // The rows are read in the connection's own process: its peak RSS, and the server's.
        const runner = processPeakRssGrowth(sqliteProcessIds().find((p) => !others.includes(p))!);
        const before = process.memoryUsage().rss;
        const { value, peak } = await peakHeapGrowth(() => a.query('select * from big'));
        const rssGrowth = process.memoryUsage().rss - before;
        const runnerGrowth = runner();
        reportMemory('SQLite', peak, rssGrowth, runnerGrowth);
        expect(value).toMatchObject({
          success: true,
          kind: 'read',
          rowsAffected: null,
          rowCount: 1000,
          truncated: 'rows',
        });
        expect(value.data).toHaveLength(1000);
        expect(value.data[999]).toEqual({ id: 1000, payload: '1000'.padStart(64, '0') });
        // 1,000,000 rows of 64-character text would take well over 100 MB in any JS heap: neither
        // the process that reads them nor the server holds them.
        expect(runnerGrowth).toBeLessThan(64 * 1024 * 1024);
        expect(peak).toBeLessThan(32 * 1024 * 1024);
        expect(rssGrowth).toBeLessThan(64 * 1024 * 1024);
        await a.call('POST', api.disconnect);
      });

      it('stops a statement at the timeout', async () => {
        new SQLite(path.join(sqliteDir, 'slow.db')).close();
        const id = await a.create('Slow file', {
          type: 'sqlite',
          database: 'slow.db',
          timeout: 500,
        });
        const others = sqliteProcessIds();
        expect((await a.connect(id)).statusCode).toBe(200);
        const runner = sqliteProcessIds().find((pid) => !others.includes(pid));
        expect(runner, 'the statement runs in a process of its own').toBeDefined();
        const started = Date.now();
        const slow = await a.query(
          'with recursive n(i) as (select 1 union all select i + 1 from n) select count(*) from n',
        );
        expect(Date.now() - started).toBeLessThan(3000);
        expect(slow).toMatchObject({
          success: false,
          error: 'The statement ran longer than 500 ms and was stopped.',
        });
        // Stopped means stopped: nothing of this process still runs the statement (a worker
        // thread, as before, could not be stopped and kept a core busy), and its process is gone.
        expect(
          await busiestThread(500),
          'the share of samples in which a thread of this process was running',
        ).toBeLessThan(0.8);
        await vi.waitFor(() => expect(isRunning(runner!), 'the process that ran it').toBe(false));
        expect(sqliteProcessIds()).not.toContain(runner);
        // The connection works again afterwards (a fresh process).
        expect(await a.query('select 41 + 1 as n')).toMatchObject({
          success: true,
          data: [{ n: 42 }],
        });
        await a.call('POST', api.disconnect);
      });

      it('rolls back a write stopped at the timeout, and the file stays readable read-only', async () => {
        const file = path.join(sqliteDir, 'runaway.db');
        const seed = new SQLite(file);
        seed.exec('create table n (i integer); insert into n values (1)');
        seed.close();
        const id = await a.create('Runaway file', {
          type: 'sqlite',
          database: 'runaway.db',
          timeout: 500,
          allowWrites: true,
        });
        expect((await a.connect(id)).statusCode).toBe(200);
        // Killed mid-write, the process leaves SQLite's journal behind; a read-only handle
        // cannot roll it back on its own.
        expect(
          await a.write(
            'insert into n with recursive m(i) as (select 2 union all select i + 1 from m) select i from m',
          ),
        ).toMatchObject({
          success: false,
          error: 'The statement ran longer than 500 ms and was stopped.',
        });
        expect(await a.query('select count(*) as c from n')).toMatchObject({
          success: true,
          data: [{ c: 1 }],
        });
        expect(existsSync(`${file}-journal`)).toBe(false);
        expect(await a.write('insert into n values (2)')).toMatchObject({
          success: true,
          rowsAffected: 1,
        });
        await a.call('POST', api.disconnect);
      });

      it('is read-only by default, in the engine itself: writes are refused, reads work', async () => {
        const file = path.join(sqliteDir, 'readonly.db');
        const seed = new SQLite(file);
        seed.exec(
          "create table notes (id integer primary key, body text); insert into notes (body) values ('kept')",
        );
        seed.close();
        const id = await a.create('Read-only file', { type: 'sqlite', database: 'readonly.db' });
        const view = (await a.call('GET', api.connections))
          .json()
          .connections.find((c: { id: string }) => c.id === id);
        expect(view.config.allowWrites).toBe(false);
        expect((await a.connect(id)).statusCode).toBe(200);

        for (const write of [
          "insert into notes (body) values ('nope')",
          "update notes set body = 'changed'",
          'delete from notes',
          'drop table notes',
          'create table other (x)',
          'create temp table scratch (x)',
          "insert into notes (body) values ('x') returning id",
          'pragma user_version = 7',
          'vacuum',
        ]) {
          const res = await a.query(write, { confirmWrite: true });
          expect(res, write).toMatchObject({
            success: false,
            error: databaseConfigTexts.readOnly,
            confirmationRequired: false,
          });
        }
        const check = new SQLite(file, { readonly: true });
        expect(check.prepare('select body from notes').all()).toEqual([{ body: 'kept' }]);
        expect(check.pragma('user_version', { simple: true })).toBe(0);
        check.close();
        expect(await a.query('select body from notes')).toMatchObject({
          success: true,
          kind: 'read',
          data: [{ body: 'kept' }],
        });
        // A blob is shown as hex, as PostgreSQL's bytea is.
        expect(await a.query("select x'0102ff' as b")).toMatchObject({
          data: [{ b: '\\x0102ff' }],
        });
        await a.call('POST', api.disconnect);
      });

      it('never opens, attaches or writes another file, however the statement is spelled', async () => {
        const file = path.join(sqliteDir, 'confined.db');
        const seed = new SQLite(file);
        seed.exec('create table t (x); insert into t values (1)');
        seed.close();
        // The app's own database, and a directory outside the SQLite connections directory.
        // (With Cutout on PostgreSQL the path names no file: it must not come to exist.)
        const appDb = path.join(t.config.dataDir, 'cutout.db');
        const appDbExisted = existsSync(appDb);
        const outside = path.dirname(sqliteDir);
        const copy = (n: number) => path.join(outside, `copy-${n}.db`);
        // Writes allowed and confirmed: the refusal must not rest on the read-only mode.
        const id = await a.create('Confined', {
          type: 'sqlite',
          database: 'confined.db',
          allowWrites: true,
        });
        expect((await a.connect(id)).statusCode).toBe(200);
        const q = (s: string) => s.replaceAll('APP', appDb);
        const spellings = [
          q(`ATTACH DATABASE 'APP' AS app`),
          q(`attach 'APP' as app`),
          q(`AtTaCh   DaTaBaSe\n\t'APP'\n AS app`),
          q(`/* comment */ ATTACH 'APP' AS app`),
          q(`-- comment\nATTACH 'APP' AS app`),
          q(`ATTACH/**/'APP'/**/AS/**/app`),
          q(`ATTACH (('APP')) AS app`),
          q(`ATTACH 'APP' || '' AS "app"`),
          q(`ATTACH 'file:APP?mode=ro' AS app`),
          q(`ATTACH '${path.relative(process.cwd(), appDb)}' AS app`),
          q(`ATTACH char(${[...Buffer.from(appDb)].join(',')}) AS app`),
          q(`ATTACH 'APP' AS [app]`),
          q(`ATTACH 'APP' AS \`app\``),
          `ATTACH ':memory:' AS mem`,
          `ATTACH '' AS scratch`,
          q(`WITH x AS (SELECT 1) ATTACH 'APP' AS app`),
          q(`ATTACH 'APP' AS app;`),
          q(`;ATTACH 'APP' AS app`),
          q(`ATTACH "APP" AS app`),
          q(`ATTACH (SELECT 'APP') AS app`),
          q(`ATTACH lower('${appDb.toUpperCase()}') AS app`),
          q(`attach database 'APP' as "main2" -- trailing comment`),
          `DETACH DATABASE main`,
          `detach temp`,
          `VACUUM INTO '${copy(1)}'`,
          `vacuum main into '${copy(2)}'`,
          `VaCuUm/**/InTo'${copy(3)}'`,
          `VACUUM "main" INTO '${copy(4)}'`,
          `VACUUM INTO '${copy(5)}' || ''`,
          `VACUUM INTO 'file:${copy(6)}'`,
          `WITH x AS (SELECT 1) VACUUM INTO '${copy(7)}'`,
          `PRAGMA temp_store_directory = '${outside}'`,
          `pragma "TEMP_STORE_DIRECTORY"='${outside}'`,
          `PRAGMA main.temp_store_directory = '${outside}'`,
          `PRAGMA temp.temp_store_directory = '${outside}'`,
          `PRAGMA temp_store_directory('${outside}')`,
          `pragma\tTemp_Store_Directory\n=\n'${outside}'`,
          `select * from pragma_temp_store_directory`,
          `PRAGMA data_store_directory = '${outside}'`,
          'PRAGMA hard_heap_limit = 1',
          'pragma soft_heap_limit=1',
          `select load_extension('${path.join(outside, 'evil.so')}')`,
        ];
        expect(spellings.length).toBeGreaterThanOrEqual(20);
        // Each is refused by the confinement itself, except the few SQLite cannot even parse
        // or run (a leading ';', a CTE before ATTACH or VACUUM; load_extension, which this
        // build forbids).
        const otherReasons: string[] = [];
        for (const statement of spellings) {
          const res = await a.query(statement, { confirmWrite: true });
          expect(res.success, statement).toBe(false);
          expect(res.confirmationRequired, statement).toBe(false);
          const confined =
            res.error === databaseConfigTexts.sqliteOtherFile ||
            res.error === databaseConfigTexts.sqliteGlobalPragma;
          if (!confined) otherReasons.push(`${statement.slice(0, 30)} → ${res.error}`);
        }
        expect(otherReasons).toEqual([
          expect.stringMatching(/^WITH x AS \(SELECT 1\) ATTACH .*syntax error/),
          expect.stringMatching(/^;ATTACH .*near ";": syntax error/),
          expect.stringMatching(/^WITH x AS \(SELECT 1\) VACUUM .*syntax error/),
          expect.stringMatching(/^select load_extension\(.*not authorized/),
        ]);
        // VACUUM of the temporary schema compiles to nothing at all: no file either.
        expect(
          await a.query(`VACUUM temp INTO '${copy(8)}'`, { confirmWrite: true }),
        ).toMatchObject({ success: true });
        // What each refusal says, for the three kinds.
        expect((await a.query(q(`ATTACH 'APP' AS app`), { confirmWrite: true })).error).toBe(
          databaseConfigTexts.sqliteOtherFile,
        );
        expect((await a.query(`VACUUM INTO '${copy(9)}'`, { confirmWrite: true })).error).toBe(
          databaseConfigTexts.sqliteOtherFile,
        );
        expect(
          (await a.query(`PRAGMA temp_store_directory = '${outside}'`, { confirmWrite: true }))
            .error,
        ).toBe(databaseConfigTexts.sqliteGlobalPragma);
        // Nothing was written outside, and the process-wide temporary directory is unchanged.
        for (let n = 1; n <= 9; n++) expect(existsSync(copy(n)), copy(n)).toBe(false);
        expect(existsSync(appDb)).toBe(appDbExisted);
        // A table-valued pragma names a schema, not a file: it finds nothing there.
        expect(await a.query(q(`select * from pragma_table_list('APP')`))).toMatchObject({
          success: true,
          data: [],
        });
        const probe = new SQLite(':memory:');
        expect(probe.pragma('temp_store_directory', { simple: true })).toBeUndefined();
        probe.close();
        // An EXPLAIN only shows a program: it may be read, and attaches nothing.
        const explained = await a.query(q(`EXPLAIN ATTACH 'APP' AS app`));
        expect(explained.success).toBe(true);
        expect(await a.query('select name from pragma_database_list order by seq')).toMatchObject({
          success: true,
          data: [{ name: 'main' }],
        });
        // The file itself, and plain work on it, still do what they should.
        expect(await a.query('select x from t')).toMatchObject({ success: true, data: [{ x: 1 }] });
        expect(await a.query('vacuum', { confirmWrite: true })).toMatchObject({ success: true });
        await a.call('POST', api.disconnect);
      });

      it("caps a result in bytes: 200 values of 1 MB answer under 4 MB, and the server's RSS (and its SQLite process's) grows less than 100 MB", async () => {
        const file = path.join(sqliteDir, 'wide.db');
        const seed = new SQLite(file);
        seed.exec(`create table wide (id integer primary key, payload text not null);
          insert into wide (payload)
          with recursive n(i) as (select 1 union all select i + 1 from n where i < 200)
          select substr(replace(hex(zeroblob(524288)), '00', 'ab'), 1, 1048576) from n;`);
        seed.close();
        const id = await a.create('Wide file', {
          type: 'sqlite',
          database: 'wide.db',
          timeout: 60000,
        });
        const others = sqliteProcessIds();
        expect((await a.connect(id)).statusCode).toBe(200);
        const runner = processPeakRssGrowth(sqliteProcessIds().find((p) => !others.includes(p))!);
        const { value, peak, source } = await peakRssGrowth(() =>
          a.call('POST', api.query, { query: 'select id, payload from wide order by id' }),
        );
        const runnerGrowth = runner();
        expect(value.statusCode).toBe(200);
        const body = value.json();
        reportByteCap('SQLite', value.rawPayload.length, peak, source, runnerGrowth);
        expect(body).toMatchObject({ success: true, kind: 'read', truncated: 'bytes' });
        expect(value.rawPayload.length).toBeLessThanOrEqual(databaseLimits.maxResultBytes + 4096);
        expect(body.rowCount).toBeGreaterThan(10);
        expect(body.rowCount).toBeLessThan(200);
        expect(body.data[0].payload).toMatch(/… \(1,048,576 bytes in all\)$/);
        expect(peak).toBeLessThan(100 * 1024 * 1024);
        expect(runnerGrowth).toBeLessThan(100 * 1024 * 1024);
        await a.call('POST', api.disconnect);
      });

      it("never opens Cutout's own database, even linked into the directory", async () => {
        // On PostgreSQL there is no file of Cutout's to protect; a file of the same kind stands in.
        const own =
          t.app.database.dialect === 'sqlite'
            ? path.join(t.config.dataDir, 'cutout.db')
            : path.join(t.config.dataDir, 'stand-in.db');
        if (!existsSync(own)) new SQLite(own).close();
        linkSync(own, path.join(sqliteDir, 'innocent.db'));
        const id = await a.create('Innocent', { type: 'sqlite', database: 'innocent.db' });
        expect(await a.test(id)).toMatchObject({
          success: false,
          message:
            'SQLite file "innocent.db" is linked to another file and cannot be opened from the console.',
        });
        rmSync(path.join(sqliteDir, 'innocent.db'));
        // And when the directory holds Cutout's database itself (DATABASE_CONNECTIONS_SQLITE_DIR
        // set to DATA_DIR), by its own name, with no second link.
        const alone = path.join(sqliteDir, 'own.db');
        new SQLite(alone).close();
        expect(() => resolveSqliteFile(sqliteDir, 'own.db', [alone])).toThrow(
          'SQLite file "own.db" is linked to another file and cannot be opened from the console.',
        );
        expect(resolveSqliteFile(sqliteDir, 'own.db', [])).toBe(realpathSync(alone));
      });

      it('refuses files that do not exist or lead outside the directory', async () => {
        const missing = await a.create('Missing', { type: 'sqlite', database: 'missing.db' });
        expect(await a.test(missing)).toMatchObject({
          success: false,
          message: 'SQLite file "missing.db" does not exist in the SQLite connections directory.',
        });
        const outside = path.join(path.dirname(sqliteDir), 'outside.db');
        writeFileSync(outside, '');
        symlinkSync(outside, path.join(sqliteDir, 'link.db'));
        const link = await a.create('Link', { type: 'sqlite', database: 'link.db' });
        const res = await a.test(link);
        expect(res.success).toBe(false);
        expect(res.message).toBe(
          'SQLite file "link.db" points outside the SQLite connections directory.',
        );
        const failed = await a.connect(link);
        expect(failed.statusCode).toBe(422);
        expect(failed.json().error.message).toMatch(
          /^Connection failed: SQLite file "link.db" points outside/,
        );
      });
    });
  });
}

describe('network drivers fail clearly within the timeout', () => {
  let t: TestApp;
  let a: ReturnType<typeof adminApi>;
  beforeAll(async () => {
    t = await createAccountsApp('sqlite');
    a = adminApi(t.app, await adminCookie(t.app));
  });
  afterAll(() => t.close());

  const kinds = [
    { type: 'postgresql', username: 'postgres' },
    { type: 'mysql', username: 'root' },
    { type: 'mongodb', username: '' },
    { type: 'sqlserver', username: 'sa' },
  ] as const;
  let silent: Awaited<ReturnType<typeof silentServer>>;
  let refused: number;
  beforeAll(async () => {
    silent = await silentServer();
    refused = await closedPort();
  });
  afterAll(() => silent.close());

  // A host name that cannot exist, refused by the machine's own resolver before any query
  // leaves it: a DNS name has no empty label, so glibc (and musl) fail 'no-such-host..invalid'
  // locally, where 'no-such-host.invalid' would be sent to the configured name server
  // (checked with `strace -f -e trace=connect,sendto,sendmmsg`). Nothing here leaves 127.0.0.1.
  const nowhere = 'no-such-host..invalid';

  for (const kind of kinds) {
    it(`${kind.type}: a host that does not exist`, async () => {
      const id = await a.create(`${kind.type} nowhere`, {
        type: kind.type,
        host: nowhere,
        port: 5000,
        database: 'app',
        username: kind.username,
        timeout: 3000,
      });
      const started = Date.now();
      const res = await a.test(id);
      // Bounded by the timeout (plus slack for a machine shared with other tests), not by the
      // driver's own minutes-long default.
      expect(Date.now() - started).toBeLessThan(3000 + 5000);
      expect(res).toMatchObject({
        success: false,
        message: `Host "${nowhere}" was not found.`,
      });
    });

    it(`${kind.type}: refused port, and a server that never answers`, async () => {
      const base = {
        type: kind.type,
        host: '127.0.0.1',
        database: 'app',
        username: kind.username,
        password: 'pw',
      };
      const closed = await a.create(`${kind.type} closed`, {
        ...base,
        port: refused,
        timeout: 3000,
      });
      const r1 = await a.test(closed);
      expect(r1.success).toBe(false);
      expect(r1.message).toBe(
        `Connection refused by 127.0.0.1:${refused}: is the database server running and listening on that port?`,
      );

      const hang = await a.create(`${kind.type} silent`, {
        ...base,
        port: silent.port,
        timeout: 1500,
      });
      const started = Date.now();
      const r2 = await a.test(hang);
      const took = Date.now() - started;
      expect(r2.success).toBe(false);
      expect(r2.message).toBe(`No answer from 127.0.0.1:${silent.port} within 1500 ms.`);
      expect(took).toBeGreaterThanOrEqual(1400);
      expect(took).toBeLessThan(1500 + 5000);
    });
  }
});
