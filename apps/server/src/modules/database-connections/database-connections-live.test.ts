import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import {
  databaseConfigTexts,
  databaseConnectionsApiPaths as api,
  databaseLimits,
} from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminCookie, createAccountsApp } from '../../test/accounts.js';
import type { TestApp } from '../../test/test-app.js';
import { auditEntries } from '../audit/audit.service.js';
import {
  adminApi,
  peakHeapGrowth,
  peakRssGrowth,
  reportByteCap,
  reportMemory,
} from '../../test/database-connections.js';

// Against live servers: the local PostgreSQL (TEST_DATABASE_URL) and MariaDB (TEST_MYSQL_URL).
// Each run creates its own uniquely named tables (and a MariaDB user) and drops them at the end.

const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
const mysqlUrl = process.env.TEST_MYSQL_URL || undefined;

function fromUrl(url: string, type: 'postgresql' | 'mysql') {
  const u = new URL(url);
  return {
    type,
    host: u.hostname,
    port: Number(u.port || (type === 'mysql' ? 3306 : 5432)),
    database: decodeURIComponent(u.pathname.slice(1)),
    username: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
  };
}

interface Engine {
  label: string;
  url: string | undefined;
  skip: string;
  type: 'postgresql' | 'mysql';
  /** Runs SQL as the test's own superuser, outside Cutout (setup and cleanup). */
  direct: (url: string) => Promise<{
    run: (sql: string) => Promise<void>;
    rows: (sql: string) => Promise<Record<string, unknown>[]>;
    end: () => Promise<void>;
  }>;
  bigTable: (name: string) => string[];
  sleep: string;
  /** One statement that lifts its own time limit and then sleeps. */
  unlimitedSleep: string;
  /** A statement that lifts the session's time limit (it must not outlive its query). */
  liftLimit: string;
  /** Statements that leave session state behind, and a read that shows whether it stayed. */
  sessionState: { set: string[]; read: string; fresh: unknown };
  /** A role to switch to with SET ROLE, and a read of the role in effect (none left after). */
  role: { set: (role: string) => string; read: string; fresh: (login: string) => unknown };
  /** Statements still running on the server that contain `marker`. */
  running: (marker: string) => string;
  /** 200 rows of 1 MB each. */
  wideTable: (name: string) => string[];
  intType: RegExp;
  textDefault: string;
  /**
   * Statements that reach the server's files, programs, network or other sessions (decision
   * 0266), with the name the refusal must give. None of them may ever run here: the test makes
   * no server file and runs no program.
   */
  outside: [string, string][];
  /** One such statement that only reads and changes nothing, run when the admin allowed it. */
  harmlessOutside: string;
  /** A login without any right beyond its database, made for the test (and the SQL to drop it). */
  plainLogin: (name: string) => string[];
}

const engines: Engine[] = [
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
    bigTable: (name) => [
      `create table ${name} as select i as id, md5(i::text) || md5((i + 1)::text) as payload from generate_series(1, 1000000) as i`,
      `analyze ${name}`,
    ],
    sleep: 'select pg_sleep(5)',
    unlimitedSleep:
      "select set_config('statement_timeout', '0', false), pg_sleep(6) as cutout_marker_sleep",
    liftLimit: 'set statement_timeout = 0',
    sessionState: {
      set: [
        "set application_name = 'changed'",
        "select set_config('search_path', 'nowhere', false)",
      ],
      read: "select current_setting('application_name') as app, current_setting('search_path') as path",
      fresh: { app: 'cutout-admin', path: '"$user", public' },
    },
    role: {
      set: (role) => `set role ${role}`,
      read: 'select current_user::text as who',
      fresh: (login) => ({ who: login }),
    },
    running: (marker) =>
      `select count(*)::int as n from pg_stat_activity where query like '%${marker}%' and pid <> pg_backend_pid() and state = 'active'`,
    wideTable: (name) => [
      `create table ${name} as select i as id, repeat('ab', 524288) as payload from generate_series(1, 200) as i`,
    ],
    intType: /^integer$/,
    textDefault: "'free'::character varying",
    outside: [
      ["copy (select 1) to program 'id > /tmp/cutout-never-written'", 'COPY … TO PROGRAM'],
      ["COPY (SELECT 1) TO '/tmp/cutout-never-written'", 'COPY … TO a server file'],
      ["copy pg_catalog.pg_class from program 'id'", 'COPY … FROM PROGRAM'],
      ["copy pg_catalog.pg_class from '/etc/hostname'", 'COPY … FROM a server file'],
      ["select pg_read_file('/etc/hostname')", 'pg_read_file'],
      [`select "pg_read_file"('/etc/hostname')`, 'pg_read_file'],
      ["select PG_READ_FILE('/etc/hostname')", 'pg_read_file'],
      ["select pg_read_file/**/(E'\\x2fetc/hostname')", 'pg_read_file'],
      ['select pg_read_file($q$/etc/hostname$q$)', 'pg_read_file'],
      ["select pg_read_binary_file('/etc/hostname')", 'pg_read_binary_file'],
      ["select * from pg_catalog.pg_ls_dir('.')", 'pg_ls_dir'],
      ["select lo_import('/etc/hostname')", 'lo_import'],
      ["select lo_export(0, '/tmp/cutout-never-written')", 'lo_export'],
      ["select dblink('host=127.0.0.1', 'select 1')", 'dblink (dblink)'],
      [
        "create server cutout_never foreign data wrapper postgres_fdw options (host '127.0.0.1')",
        'CREATE SERVER (a foreign data wrapper)',
      ],
      ['select pg_terminate_backend(pg_backend_pid())', 'pg_terminate_backend'],
      ['select pg_cancel_backend(pg_backend_pid())', 'pg_cancel_backend'],
      ["do $$ begin perform pg_read_file('/etc/hostname'); end $$", 'pg_read_file'],
      [
        "DO $body$ BEGIN COPY (SELECT 1) TO PROGRAM 'id > /tmp/cutout-never-written'; END $body$",
        'COPY … TO PROGRAM',
      ],
      ["do $$ declare v oid; begin v := lo_import('/etc/hostname'); end $$", 'lo_import'],
    ],
    harmlessOutside: 'select pg_cancel_backend(0) as cancelled',
    plainLogin: (name) => [`create role ${name} login`],
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
    bigTable: (name) => [
      `create table ${name} (id int primary key, payload char(64) not null)`,
      `insert into ${name} select seq, concat(md5(seq), md5(seq + 1)) from seq_1_to_1000000`,
      `analyze table ${name}`,
    ],
    sleep: 'select sleep(5)',
    unlimitedSleep: 'SET STATEMENT max_statement_time=0 FOR SELECT SLEEP(6) AS cutout_marker_sleep',
    liftLimit: 'SET SESSION max_statement_time = 0',
    sessionState: {
      set: ["SET @cutout_left = 'behind'", "SET SESSION sql_mode = 'ANSI_QUOTES'"],
      read: "SELECT @cutout_left AS left_behind, @@SESSION.sql_mode LIKE '%ANSI_QUOTES%' AS ansi",
      fresh: { left_behind: null, ansi: 0 },
    },
    // MariaDB grants a new role to the account that created it (the test's own user).
    role: {
      set: (role) => `SET ROLE ${role}`,
      read: 'SELECT CURRENT_ROLE() AS who',
      fresh: () => ({ who: null }),
    },
    running: (marker) =>
      `SELECT COUNT(*) AS n FROM information_schema.PROCESSLIST WHERE INFO LIKE '%${marker}%' AND ID <> CONNECTION_ID()`,
    wideTable: (name) => [
      `create table ${name} (id int primary key, payload longtext not null)`,
      `insert into ${name} select seq, repeat('ab', 524288) from seq_1_to_200`,
    ],
    intType: /^int/,
    textDefault: "'free'",
    outside: [
      ["LOAD DATA INFILE '/etc/hostname' INTO TABLE cutout_never", 'LOAD DATA'],
      ["load data local infile '/etc/hostname' into table cutout_never", 'LOAD DATA'],
      ["select 1 into outfile '/tmp/cutout-never-written'", 'SELECT … INTO OUTFILE'],
      ["SELECT 1 INTO DUMPFILE '/tmp/cutout-never-written'", 'SELECT … INTO DUMPFILE'],
      ["select 1 into/**/outfile '/tmp/cutout-never-written'", 'SELECT … INTO OUTFILE'],
      ["select load_file('/etc/hostname')", 'LOAD_FILE'],
      ["SELECT LOAD_FILE('/etc/hostname')", 'LOAD_FILE'],
      ["select `load_file`('/etc/hostname')", 'LOAD_FILE'],
      ["select load_file /* c */ ('/etc/hostname')", 'LOAD_FILE'],
      ["select '\\' , load_file('/etc/hostname') -- '", 'LOAD_FILE'],
      [
        "set global general_log_file = '/tmp/cutout-never-written'",
        'SET GLOBAL (a server-wide setting)',
      ],
      ['kill connection_id()', 'KILL'],
      // MariaDB's anonymous block, its DO block.
      ["BEGIN NOT ATOMIC SELECT LOAD_FILE('/etc/hostname'); END", 'LOAD_FILE'],
      [
        "begin not atomic select 1 into /* c */ outfile '/tmp/cutout-never-written'; end",
        'SELECT … INTO OUTFILE',
      ],
    ],
    harmlessOutside: "select load_file('/cutout/no/such/file') as f",
    plainLogin: () => [],
  },
];

for (const engine of engines) {
  if (!engine.url) {
    describe.skip(`database connections on ${engine.label} (skipped: ${engine.skip})`, () => {
      it('needs a live server', () => undefined);
    });
    continue;
  }
  const url = engine.url;

  describe(`database connections on ${engine.label}`, () => {
    const prefix = `cutout_t_${randomBytes(4).toString('hex')}`;
    const customers = `${prefix}_customers`;
    const orders = `${prefix}_orders`;
    const big = `${prefix}_big`;
    const wide = `${prefix}_wide`;
    const kept = `${prefix}_kept`;
    const user = `${prefix}_user`;
    const role = `${prefix}_role`;
    const target = fromUrl(url, engine.type);
    let t: TestApp;
    let a: ReturnType<typeof adminApi>;
    let direct: Awaited<ReturnType<Engine['direct']>>;

    beforeAll(async () => {
      t = await createAccountsApp('sqlite');
      a = adminApi(t.app, await adminCookie(t.app));
      direct = await engine.direct(url);
      await direct.run(`create role ${role}`);
      if (engine.type === 'mysql') {
        await direct.run(`create user '${user}'@'%' identified by 'the-right-password'`);
        await direct.run(`create user '${user}'@'localhost' identified by 'the-right-password'`);
      }
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      if (direct) {
        for (const table of [orders, customers, big, wide, kept, `${prefix}_made`]) {
          await direct.run(`drop table if exists ${table}`).catch(() => undefined);
        }
        await direct.run(`drop role if exists ${role}`).catch(() => undefined);
        if (engine.type === 'postgresql') {
          await direct.run(`drop role if exists ${user}`).catch(() => undefined);
        }
        if (engine.type === 'mysql') {
          await direct.run(`drop user if exists '${user}'@'%'`).catch(() => undefined);
          await direct.run(`drop user if exists '${user}'@'localhost'`).catch(() => undefined);
        }
        await direct.end();
      }
    }, 120_000);

    it('tests, connects, creates related tables, lists them with their keys, queries, measures and audits', async () => {
      const id = await a.create(`${engine.label} test`, { ...target, allowWrites: true });
      const test = await a.test(id);
      expect(test.success, test.message).toBe(true);
      expect(test.roundTripMs).toBeGreaterThan(0);
      expect(test.message).toContain(`${target.host}:${target.port}/${target.database}`);

      const connected = await a.connect(id);
      expect(connected.statusCode, connected.body).toBe(200);

      // Each write is asked about (the server itself refused it read-only), then run.
      expect(
        await a.write(
          `create table ${customers} (id integer primary key, email varchar(200) not null, tier varchar(20) default 'free')`,
        ),
      ).toMatchObject({ success: true, kind: 'write' });
      expect(
        await a.write(
          `create table ${orders} (id integer primary key, customer_id integer not null references ${customers}(id), note text)`,
        ),
      ).toMatchObject({ success: true });
      if (engine.type === 'mysql') {
        // MariaDB ignores an inline REFERENCES; the foreign key is declared as a constraint.
        await a.query(
          `alter table ${orders} add foreign key (customer_id) references ${customers}(id)`,
          { confirmWrite: true },
        );
      }
      const inserted = await a.write(
        `insert into ${customers} (id, email) values (1, 'a@x.io'), (2, 'b@x.io'), (3, 'c@x.io')`,
      );
      expect(inserted).toMatchObject({ success: true, kind: 'write', rowsAffected: 3, data: [] });
      await a.query(`insert into ${orders} (id, customer_id) values (1, 2)`, {
        confirmWrite: true,
      });
      const read = await a.query(`select id, email, tier from ${customers} order by id`);
      expect(read).toMatchObject({
        success: true,
        kind: 'read',
        rowsAffected: null,
        rowCount: 3,
        columns: ['id', 'email', 'tier'],
        truncated: false,
        confirmationRequired: false,
      });
      expect(read.data[0]).toEqual({ id: 1, email: 'a@x.io', tier: 'free' });
      const bad = await a.query(`insert into ${orders} (id, customer_id) values (2, 99)`, {
        confirmWrite: true,
      });
      expect(bad.success).toBe(false);
      expect(bad.error).toMatch(/foreign key/i);

      const tables = await a.tables();
      const o = tables.find((x) => x.name === orders)!;
      expect(o).toMatchObject({ type: 'table', rowCount: 1, rowCountEstimated: false });
      expect(o.size).toBeGreaterThan(0);
      const cols = Object.fromEntries(o.columns.map((c) => [c.name, c]));
      expect(cols.id).toMatchObject({ isPrimaryKey: true, isForeignKey: false, nullable: false });
      expect(cols.id!.type).toMatch(engine.intType);
      expect(cols.customer_id).toMatchObject({
        isPrimaryKey: false,
        isForeignKey: true,
        references: expect.stringContaining(`${customers}.id`),
        nullable: false,
      });
      expect(cols.note).toMatchObject({ isPrimaryKey: false, isForeignKey: false, nullable: true });
      const c = tables.find((x) => x.name === customers)!;
      expect(c.rowCount).toBe(3);
      expect(c.columns.find((x) => x.name === 'tier')?.defaultValue).toBe(engine.textDefault);

      const status = await a.status();
      expect(status).toMatchObject({
        isConnected: true,
        connectionInfo: {
          type: engine.type,
          host: target.host,
          port: target.port,
          database: target.database,
        },
        error: null,
      });
      // 3 writes asked about and run (6), 2 run confirmed at once (+ the MariaDB constraint),
      // 1 read.
      const queries = engine.type === 'mysql' ? 10 : 9;
      expect(status.stats.totalQueries).toBe(queries);
      expect(status.stats.activeConnections).toBeGreaterThanOrEqual(1);
      expect(status.stats.averageResponseTime).toBeGreaterThan(0);
      const audit = await auditEntries(t.app.database.db, {
        actionPrefix: 'database.query',
        targetId: id,
      });
      expect(audit).toHaveLength(queries);
      expect(audit.filter((e) => e.detail?.outcome === 'error')).toHaveLength(1);
      expect(audit.filter((e) => e.detail?.outcome === 'confirmation-required')).toHaveLength(3);
    });

    it('returns 1,000 of 1,000,000 rows with flat memory, and estimates the big table', async () => {
      for (const sql of engine.bigTable(big)) await direct.run(sql);
      const before = process.memoryUsage().rss;
      const { value, peak } = await peakHeapGrowth(() =>
        a.query(`select * from ${big} order by id`),
      );
      const rssGrowth = process.memoryUsage().rss - before;
      reportMemory(engine.label, peak, rssGrowth);
      expect(value).toMatchObject({
        success: true,
        kind: 'read',
        rowsAffected: null,
        rowCount: 1000,
        truncated: 'rows',
      });
      expect(value.data).toHaveLength(1000);
      expect(value.data[999]).toMatchObject({ id: 1000 });
      // The whole table would be well over 100 MB as JS objects.
      expect(peak).toBeLessThan(32 * 1024 * 1024);
      expect(rssGrowth).toBeLessThan(64 * 1024 * 1024);

      // The pool is still usable afterwards.
      expect(await a.query('select 1 as one')).toMatchObject({ success: true, data: [{ one: 1 }] });

      const table = (await a.tables()).find((x) => x.name === big)!;
      expect(table.rowCountEstimated).toBe(true);
      expect(table.rowCount).toBeGreaterThan(900_000);
      expect(table.rowCount).toBeLessThan(1_100_000);
      expect(table.size).toBeGreaterThan(32 * 1024 * 1024);
    }, 180_000);

    it('stops a statement at the connection timeout', async () => {
      const id = await a.create(`${engine.label} quick`, { ...target, timeout: 1000 });
      expect((await a.connect(id)).statusCode).toBe(200);
      const started = Date.now();
      const slow = await a.query(engine.sleep);
      expect(Date.now() - started).toBeLessThan(4000);
      if (engine.type === 'postgresql') {
        expect(slow).toMatchObject({
          success: false,
          error: 'The statement ran longer than 1000 ms and was cancelled.',
        });
      } else {
        expect(slow).toMatchObject({
          success: false,
          error: 'The statement ran longer than 1000 ms and was stopped.',
        });
      }
      expect(await a.query('select 2 as two')).toMatchObject({ success: true, data: [{ two: 2 }] });
      await a.call('POST', api.disconnect);
    });

    it('is read-only by default: the server itself refuses every kind of write', async () => {
      await direct.run(`create table ${kept} (id integer primary key, body varchar(20))`);
      await direct.run(`insert into ${kept} (id, body) values (1, 'kept')`);
      const id = await a.create(`${engine.label} read-only`, target);
      expect((await a.connect(id)).statusCode).toBe(200);
      const writes = [
        `insert into ${kept} (id, body) values (2, 'nope')`,
        `update ${kept} set body = 'changed'`,
        `delete from ${kept}`,
        `create table ${prefix}_made (x integer)`,
        `alter table ${kept} add column extra integer`,
        `drop table ${kept}`,
        `truncate table ${kept}`,
        engine.type === 'mysql'
          ? `insert into ${kept} select id + 10, body from ${kept}`
          : `with moved as (delete from ${kept} returning *) select * from moved`,
      ];
      for (const write of writes) {
        // confirmWrite means nothing on a read-only connection.
        const res = await a.query(write, { confirmWrite: true });
        expect(res, write).toMatchObject({
          success: false,
          error: databaseConfigTexts.readOnly,
          confirmationRequired: false,
        });
      }
      expect(await direct.rows(`select id, body from ${kept} order by id`)).toEqual([
        { id: 1, body: 'kept' },
      ]);
      expect(
        await direct.rows(
          engine.type === 'mysql'
            ? `select count(*) as n from information_schema.tables where table_schema = database() and table_name = '${prefix}_made'`
            : `select count(*)::int as n from pg_tables where tablename = '${prefix}_made'`,
        ),
      ).toEqual([{ n: 0 }]);
      // A statement that turns writes back on only lasts its own query.
      const reopen =
        engine.type === 'mysql'
          ? 'SET SESSION TRANSACTION READ WRITE'
          : 'set session characteristics as transaction read write';
      await a.query(reopen);
      expect(await a.query(writes[0]!, { confirmWrite: true })).toMatchObject({
        success: false,
        error: databaseConfigTexts.readOnly,
      });
      expect(await a.query(`select body from ${kept}`)).toMatchObject({
        success: true,
        kind: 'read',
        data: [{ body: 'kept' }],
      });
      await a.call('POST', api.disconnect);
    });

    it('keeps its time limit whatever a statement sets, and no session state outlives a query', async () => {
      const id = await a.create(`${engine.label} limited`, {
        ...target,
        timeout: 1000,
        allowWrites: true,
      });
      expect((await a.connect(id)).statusCode).toBe(200);
      // The session's limit lifted, then a slow statement: still stopped at 1 s.
      expect(await a.query(engine.liftLimit)).toMatchObject({ success: true });
      let started = Date.now();
      expect(await a.query(engine.sleep)).toMatchObject({ success: false });
      expect(Date.now() - started).toBeLessThan(4000);
      // One statement that lifts its own limit and sleeps: stopped at 1 s, and gone on the
      // server too (not left running after Cutout reported it stopped).
      started = Date.now();
      const unlimited = await a.query(engine.unlimitedSleep);
      expect(unlimited).toMatchObject({ success: false });
      expect(unlimited.error).toMatch(/ran longer than 1000 ms/);
      expect(Date.now() - started).toBeLessThan(4000);
      await vi.waitFor(
        async () => {
          expect(await direct.rows(engine.running('cutout_marker_sleep'))).toEqual([{ n: 0 }]);
        },
        { timeout: 3000, interval: 100 },
      );
      // Settings, variables and modes set by one query are gone in the next.
      for (const set of engine.sessionState.set) {
        expect(await a.query(set, { confirmWrite: true }), set).toMatchObject({ success: true });
      }
      expect((await a.query(engine.sessionState.read)).data).toEqual([engine.sessionState.fresh]);
      // A role taken by one query is not the next query's role.
      expect(await a.query(engine.role.set(role), { confirmWrite: true })).toMatchObject({
        success: true,
      });
      expect((await a.query(engine.role.read)).data).toEqual([engine.role.fresh(target.username)]);
      await a.call('POST', api.disconnect);
    });

    it("caps a result in bytes: 200 values of 1 MB answer under 4 MB, and the server's RSS grows less than 100 MB", async () => {
      for (const sql of engine.wideTable(wide)) await direct.run(sql);
      const id = await a.create(`${engine.label} wide`, { ...target, timeout: 60000 });
      expect((await a.connect(id)).statusCode).toBe(200);
      const { value, peak, source } = await peakRssGrowth(() =>
        a.call('POST', api.query, { query: `select id, payload from ${wide} order by id` }),
      );
      expect(value.statusCode).toBe(200);
      reportByteCap(engine.label, value.rawPayload.length, peak, source);
      const body = value.json();
      expect(body).toMatchObject({ success: true, kind: 'read', truncated: 'bytes' });
      expect(value.rawPayload.length).toBeLessThanOrEqual(databaseLimits.maxResultBytes + 4096);
      expect(body.rowCount).toBeGreaterThan(10);
      expect(body.rowCount).toBeLessThan(200);
      expect(body.data[0].payload).toMatch(/… \(1,048,576 bytes in all\)$/);
      expect(peak).toBeLessThan(100 * 1024 * 1024);
      // Still usable afterwards.
      expect(await a.query('select 1 as one')).toMatchObject({ success: true, data: [{ one: 1 }] });
      await a.call('POST', api.disconnect);
    }, 120_000);

    it("refuses, before running, every statement that reaches the server's files, programs, network or other sessions, naming it (decision 0266)", async () => {
      const id = await a.create(`${engine.label} confined`, target);
      expect((await a.connect(id)).statusCode).toBe(200);
      for (const [sql, named] of engine.outside) {
        const res = await a.query(sql, { confirmWrite: true });
        expect(res, sql).toMatchObject({
          success: false,
          error: databaseConfigTexts.outsideDatabase(named, true),
          confirmationRequired: false,
        });
      }
      if (engine.type === 'postgresql') {
        // Dynamic SQL cannot be checked; a DO block is never run read-only.
        const dynamic = await a.query(
          "do $$ begin execute 'select pg_read_' || 'file(''/etc/hostname'')'; end $$",
        );
        expect(dynamic.error).toBe(
          databaseConfigTexts.uncheckedStatement('dynamic SQL (EXECUTE of a string)', true),
        );
        expect((await a.query("do $$ begin raise notice 'hi'; end $$")).error).toBe(
          databaseConfigTexts.doBlockReadOnly,
        );
      }
      // Ordinary reads still run, the listed names as mere text included.
      expect(
        await a.query("select 1 as one, 'pg_read_file load_file into outfile' as words"),
      ).toMatchObject({
        success: true,
        data: [{ one: 1, words: 'pg_read_file load_file into outfile' }],
      });
      // None reached the server: no statement ran, so none is in its log of running queries.
      const audit = await auditEntries(t.app.database.db, {
        actionPrefix: 'database.query',
        targetId: id,
      });
      const refused = audit.filter((e) => e.detail?.outcome === 'error');
      expect(refused.length).toBeGreaterThanOrEqual(engine.outside.length);

      // Allowing writes does not allow reaching outside; the admin's own switch does.
      const writer = await a.create(`${engine.label} writer`, { ...target, allowWrites: true });
      expect((await a.connect(writer)).statusCode).toBe(200);
      for (const [sql, named] of engine.outside.slice(0, 3)) {
        expect(await a.query(sql, { confirmWrite: true }), sql).toMatchObject({
          success: false,
          error: databaseConfigTexts.outsideDatabase(named, false),
        });
      }
      expect(await a.query(engine.harmlessOutside, { confirmWrite: true })).toMatchObject({
        success: false,
      });
      const allowed = await a.create(`${engine.label} server access`, {
        ...target,
        allowWrites: true,
        allowServerAccess: true,
      });
      expect((await a.connect(allowed)).statusCode).toBe(200);
      expect(await a.query(engine.harmlessOutside, { confirmWrite: true })).toMatchObject({
        success: true,
      });
      // Read-only stays read-only: the switch is ignored without writes.
      const ignored = await a.create(`${engine.label} ignored switch`, {
        ...target,
        allowServerAccess: true,
      });
      expect((await a.connect(ignored)).statusCode).toBe(200);
      expect((await a.query(engine.harmlessOutside)).success).toBe(false);
      const audited = await auditEntries(t.app.database.db, {
        actionPrefix: 'database.connection.create',
        targetId: allowed,
      });
      expect(audited[0]?.detail).toMatchObject({ allowWrites: true, allowServerAccess: true });
      await a.call('POST', api.disconnect);
    });

    it("tells on Test when the user can reach the server's files or programs", async () => {
      const id = await a.create(`${engine.label} powerful`, target);
      const test = await a.test(id);
      expect(test.success, test.message).toBe(true);
      // The test's own user is the server's superuser (root on MariaDB).
      expect(test.powerfulRights.length).toBeGreaterThan(0);
      expect(test.message).toContain(
        databaseConfigTexts.powerfulRole(target.username, test.powerfulRights),
      );
      const plain =
        engine.type === 'mysql'
          ? { ...target, username: user, password: 'the-right-password' }
          : { ...target, username: user, password: '' };
      for (const sql of engine.plainLogin(user)) await direct.run(sql);
      if (engine.type === 'mysql') {
        await direct.run(`grant select on ${target.database}.* to '${user}'@'%'`);
        await direct.run(`grant select on ${target.database}.* to '${user}'@'localhost'`);
      }
      const quiet = await a.test(await a.create(`${engine.label} plain`, plain));
      expect(quiet).toMatchObject({ success: true, powerfulRights: [] });
      expect(quiet.message).not.toMatch(/read-only role/);
    });

    if (engine.type === 'mysql') {
      it('bounds one huge row as rows are bounded: 3 values of 15 MB in one row are not read whole', async () => {
        const id = await a.create(`${engine.label} huge row`, { ...target, timeout: 5000 });
        expect((await a.connect(id)).statusCode).toBe(200);
        const { value, peak, source } = await peakRssGrowth(() =>
          a.query(
            "select repeat('x', 15000000) as a, repeat('y', 15000000) as b, repeat('z', 15000000) as c",
          ),
        );
        process.stdout.write(
          `[memory] ${engine.label} one row of 3 × 15 MB: ${(peak / 1048576).toFixed(1)} MB peak RSS growth (${source})\n`,
        );
        expect(value).toMatchObject({
          success: false,
          error: databaseConfigTexts.valueTooLarge(32 * 1024 * 1024),
        });
        expect(peak).toBeLessThan(300 * 1024 * 1024);
        expect(await a.query('select 1 as one')).toMatchObject({
          success: true,
          data: [{ one: 1 }],
        });
        await a.call('POST', api.disconnect);
      }, 60_000);
    }

    if (engine.type === 'postgresql') {
      it('bounds one huge value as rows are bounded: array_agg of 200 × 1 MB grows the server by less than 300 MB and answers within the time limit', async () => {
        const id = await a.create(`${engine.label} huge value`, { ...target, timeout: 5000 });
        expect((await a.connect(id)).statusCode).toBe(200);
        const started = Date.now();
        const { value, peak, source } = await peakRssGrowth(() =>
          a.query("select array_agg(repeat('x', 1000000)) from generate_series(1, 200)"),
        );
        const ms = Date.now() - started;
        process.stdout.write(
          `[memory] ${engine.label} array_agg 200 × 1 MB: ${(peak / 1048576).toFixed(1)} MB peak RSS growth (${source}), answered in ${ms} ms\n`,
        );
        // Stopped either by the wire cap, or (on a busy machine, where building the array takes
        // longer than the limit) by the time limit: never read whole.
        expect(value.success).toBe(false);
        expect([
          databaseConfigTexts.valueTooLarge(32 * 1024 * 1024),
          'The statement ran longer than 5000 ms and was cancelled.',
        ]).toContain(value.error);
        expect(peak).toBeLessThan(300 * 1024 * 1024);
        // Within the 5 s limit and 1 s.
        expect(ms).toBeLessThan(6000);
        // A huge value after other rows: the rows read before its batch are the result.
        const some = await a.query(
          "select i, case when i = 3 then repeat('y', 40000000) else 'small' end as v from generate_series(1, 4) as i",
        );
        expect(some).toMatchObject({ success: true, truncated: 'bytes' });
        expect(some.data[0]).toEqual({ i: 1, v: 'small' });
        expect(some.rowCount).toBeLessThan(3);
        expect(await a.query('select 1 as one')).toMatchObject({
          success: true,
          data: [{ one: 1 }],
        });
        await a.call('POST', api.disconnect);
      }, 60_000);
    }

    it('says wrong password (or unknown user) and unknown database in words', async () => {
      const wrong =
        engine.type === 'mysql'
          ? { ...target, username: user, password: 'a-wrong-password' }
          : // The local PostgreSQL trusts every password, so the refused login is an unknown role.
            { ...target, username: `${prefix}_nobody`, password: 'whatever' };
      const id = await a.create(`${engine.label} wrong login`, wrong);
      const res = await a.test(id);
      expect(res).toMatchObject({
        success: false,
        roundTripMs: null,
        message: `Wrong username or password: the server refused user "${wrong.username}".`,
      });
      const failed = await a.connect(id);
      expect(failed.statusCode).toBe(422);
      expect(failed.json().error.message).toBe(
        `Connection failed: Wrong username or password: the server refused user "${wrong.username}".`,
      );

      const db = await a.create(`${engine.label} no db`, { ...target, database: `${prefix}_nodb` });
      expect(await a.test(db)).toMatchObject({
        success: false,
        message: `Database "${prefix}_nodb" does not exist on the server.`,
      });
    });
  });
}
