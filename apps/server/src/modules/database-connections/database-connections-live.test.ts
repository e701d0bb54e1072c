import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { databaseConnectionsApiPaths as api } from '@cutout/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCookie, createAccountsApp } from '../../test/accounts.js';
import type { TestApp } from '../../test/test-app.js';
import { auditEntries } from '../audit/audit.service.js';
import { adminApi, peakHeapGrowth, reportMemory } from '../../test/database-connections.js';

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
  direct: (
    url: string,
  ) => Promise<{ run: (sql: string) => Promise<void>; end: () => Promise<void> }>;
  bigTable: (name: string) => string[];
  sleep: string;
  intType: RegExp;
  textDefault: string;
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
      return { run: async (sql) => void (await client.query(sql)), end: () => client.end() };
    },
    bigTable: (name) => [
      `create table ${name} as select i as id, md5(i::text) || md5((i + 1)::text) as payload from generate_series(1, 1000000) as i`,
      `analyze ${name}`,
    ],
    sleep: 'select pg_sleep(5)',
    intType: /^integer$/,
    textDefault: "'free'::character varying",
  },
  {
    label: 'MariaDB',
    url: mysqlUrl,
    skip: 'TEST_MYSQL_URL is not set',
    type: 'mysql',
    direct: async (url) => {
      const conn = await mysql.createConnection(url);
      return { run: async (sql) => void (await conn.query(sql)), end: () => conn.end() };
    },
    bigTable: (name) => [
      `create table ${name} (id int primary key, payload char(64) not null)`,
      `insert into ${name} select seq, concat(md5(seq), md5(seq + 1)) from seq_1_to_1000000`,
      `analyze table ${name}`,
    ],
    sleep: 'select sleep(5)',
    intType: /^int/,
    textDefault: "'free'",
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
    const user = `${prefix}_user`;
    const target = fromUrl(url, engine.type);
    let t: TestApp;
    let a: ReturnType<typeof adminApi>;
    let direct: Awaited<ReturnType<Engine['direct']>>;

    beforeAll(async () => {
      t = await createAccountsApp('sqlite');
      a = adminApi(t.app, await adminCookie(t.app));
      direct = await engine.direct(url);
      if (engine.type === 'mysql') {
        await direct.run(`create user '${user}'@'%' identified by 'the-right-password'`);
        await direct.run(`create user '${user}'@'localhost' identified by 'the-right-password'`);
      }
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      if (direct) {
        for (const table of [orders, customers, big]) {
          await direct.run(`drop table if exists ${table}`).catch(() => undefined);
        }
        if (engine.type === 'mysql') {
          await direct.run(`drop user if exists '${user}'@'%'`).catch(() => undefined);
          await direct.run(`drop user if exists '${user}'@'localhost'`).catch(() => undefined);
        }
        await direct.end();
      }
    }, 120_000);

    it('tests, connects, creates related tables, lists them with their keys, queries, measures and audits', async () => {
      const id = await a.create(`${engine.label} test`, target);
      const test = await a.test(id);
      expect(test.success, test.message).toBe(true);
      expect(test.roundTripMs).toBeGreaterThan(0);
      expect(test.message).toContain(`${target.host}:${target.port}/${target.database}`);

      const connected = await a.connect(id);
      expect(connected.statusCode, connected.body).toBe(200);

      expect(
        await a.query(
          `create table ${customers} (id integer primary key, email varchar(200) not null, tier varchar(20) default 'free')`,
        ),
      ).toMatchObject({ success: true });
      expect(
        await a.query(
          `create table ${orders} (id integer primary key, customer_id integer not null references ${customers}(id), note text)`,
        ),
      ).toMatchObject({ success: true });
      if (engine.type === 'mysql') {
        // MariaDB ignores an inline REFERENCES; the foreign key is declared as a constraint.
        await a.query(
          `alter table ${orders} add foreign key (customer_id) references ${customers}(id)`,
        );
      }
      const inserted = await a.query(
        `insert into ${customers} (id, email) values (1, 'a@x.io'), (2, 'b@x.io'), (3, 'c@x.io')`,
      );
      expect(inserted).toMatchObject({ success: true, rowsAffected: 3, data: [] });
      await a.query(`insert into ${orders} (id, customer_id) values (1, 2)`);
      const read = await a.query(`select id, email, tier from ${customers} order by id`);
      expect(read).toMatchObject({ success: true, rowsAffected: 3, truncated: false });
      expect(read.data[0]).toEqual({ id: 1, email: 'a@x.io', tier: 'free' });
      const bad = await a.query(`insert into ${orders} (id, customer_id) values (2, 99)`);
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
      const queries = engine.type === 'mysql' ? 7 : 6;
      expect(status.stats.totalQueries).toBe(queries);
      expect(status.stats.activeConnections).toBeGreaterThanOrEqual(1);
      expect(status.stats.averageResponseTime).toBeGreaterThan(0);
      const audit = await auditEntries(t.app.database.db, {
        actionPrefix: 'database.query',
        targetId: id,
      });
      expect(audit).toHaveLength(queries);
      expect(audit.filter((e) => e.detail?.outcome === 'error')).toHaveLength(1);
    });

    it('returns 1,000 of 1,000,000 rows with flat memory, and estimates the big table', async () => {
      for (const sql of engine.bigTable(big)) await direct.run(sql);
      const before = process.memoryUsage().rss;
      const { value, peak } = await peakHeapGrowth(() =>
        a.query(`select * from ${big} order by id`),
      );
      const rssGrowth = process.memoryUsage().rss - before;
      reportMemory(engine.label, peak, rssGrowth);
      expect(value).toMatchObject({ success: true, rowsAffected: 1000, truncated: true });
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
