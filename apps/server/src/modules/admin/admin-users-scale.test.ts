import { randomUUID } from 'node:crypto';
import { adminApiPaths } from '@cutout/contracts';
import {
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
} from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { adminCookie, onBothDialects } from '../../test/accounts.js';
import { userPageQuery } from './admin-users.repository.js';
import { listUsers } from './admin-users.service.js';

// User Management at 10,000 users, proved without a stopwatch: the page query walks the
// users_created_at_id index instead of sorting the table, its per-row figures are index lookups,
// and a page costs the same two queries whatever its size (no query per row).

const USERS = 10_000;

class CountQueries implements KyselyPlugin {
  count = 0;
  transformQuery(args: PluginTransformQueryArgs) {
    this.count += 1;
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs) {
    return args.result;
  }
}

onBothDialects('User Management at 10,000 users', (get, dialect) => {
  const tag = `scale${randomUUID().slice(0, 6)}`;
  beforeAll(async () => {
    const db = get().app.database.db;
    const base = Date.UTC(2025, 0, 1);
    for (let start = 0; start < USERS; start += 500) {
      const users = Array.from({ length: 500 }, (_, k) => {
        const i = start + k;
        const at = new Date(base + i * 60_000).toISOString();
        return {
          id: `${tag}-${i}`,
          name: `Person ${i}`,
          email: `p${i}-${tag}@example.com`,
          email_verified: sql<boolean>`false`,
          role: 'user' as const,
          // Every 100th user deactivated; every 50th an admin's enterprise.
          banned: i % 100 === 7 ? sql<boolean>`true` : sql<boolean>`false`,
          account_type: 'personal' as const,
          credits: 5,
          admin_plan: i % 50 === 3 ? 'enterprise' : null,
          created_at: at,
          updated_at: at,
        };
      });
      await db.insertInto('users').values(users).execute();
      // Every 20th bought credits; every user has two completed jobs.
      const purchases = users
        .filter((_, k) => (start + k) % 20 === 0)
        .map((u) => ({
          id: randomUUID(),
          user_id: u.id,
          kind: 'purchase' as const,
          amount: 5,
          balance_after: 5,
          reason: 'seed',
          reference: `seed-${u.id}`,
          created_at: u.created_at,
        }));
      // And every user the sign-up grant, as in real life (the ledger outgrows the buyers).
      const grants = users.flatMap((u) =>
        [0, 1, 2].map((n) => ({
          id: randomUUID(),
          user_id: u.id,
          kind: n === 0 ? ('grant' as const) : ('spend' as const),
          amount: n === 0 ? 10 : -1,
          balance_after: 10 - n,
          reason: 'seed',
          reference: `seed-${n}`,
          created_at: u.created_at,
        })),
      );
      await db
        .insertInto('credit_ledger')
        .values([...purchases, ...grants])
        .execute();
      const jobs = users.flatMap((u) =>
        [0, 1].map(() => ({
          id: randomUUID(),
          user_id: u.id,
          status: 'completed' as const,
          stage: 'done' as const,
          progress: 100,
          source: 'upload' as const,
          original_name: 'x.jpg',
          content_type: 'image/jpeg',
          input_bytes: 1,
          via: 'web' as const,
          created_at: u.created_at,
          finished_at: u.created_at,
          expires_at: u.created_at,
        })),
      );
      await db.insertInto('jobs').values(jobs).execute();
    }
    await sql`analyze`.execute(db);
  }, 120_000);

  it('filters and counts correctly over 10,000 rows', async () => {
    const { app } = get();
    const cookie = await adminCookie(app);
    const list = async (q: string) =>
      (
        await app.inject({
          url: `${adminApiPaths.users}?search=${tag}&${q}`,
          headers: { cookie },
        })
      ).json();
    const all = await list('per_page=100');
    expect(all.total).toBe(USERS);
    expect(all.users).toHaveLength(100);
    expect(all.users[0]).toMatchObject({
      id: `${tag}-${USERS - 1}`,
      imagesProcessed: 2,
      imagesLimit: 7,
    });
    expect((await list('status=inactive')).total).toBe(USERS / 100);
    expect((await list('plan=enterprise')).total).toBe(USERS / 50);
    // Buyers minus those an admin made enterprise (i % 20 === 0 never has i % 50 === 3).
    expect((await list('plan=pro')).total).toBe(USERS / 20);
    expect((await list('plan=free')).total).toBe(USERS - USERS / 20 - USERS / 50);
    const one = (
      await app.inject({ url: `${adminApiPaths.users}?search=p4321-${tag}`, headers: { cookie } })
    ).json();
    expect(one.total).toBe(1);
    const last = await list('per_page=100&page=100');
    expect(last.users.at(-1).id).toBe(`${tag}-0`);
  });

  it('a page is two queries whatever its size (no query per row)', async () => {
    const counter = new CountQueries();
    const db = get().app.database.db.withPlugin(counter);
    await listUsers(db, { page: 1, perPage: 5 });
    const small = counter.count;
    counter.count = 0;
    await listUsers(db, { page: 3, perPage: 100, plan: 'pro', status: 'active' });
    expect(small).toBe(2);
    expect(counter.count).toBe(2);
  });

  it('the page query reads the index in order and looks figures up by index', async () => {
    const db = get().app.database.db;
    const compiled = userPageQuery(db, {}, { limit: 20, offset: 0 }).compile();
    if (dialect === 'sqlite') {
      const { rows } = await db.executeQuery<{ detail: string }>({
        ...compiled,
        sql: `explain query plan ${compiled.sql}`,
      });
      const details = rows.map((r) => r.detail).join('\n');
      expect(details).toMatch(/SCAN users USING (COVERING )?INDEX users_created_at_id/);
      expect(details).not.toContain('TEMP B-TREE');
      expect(details).toMatch(/SEARCH done USING (COVERING )?INDEX jobs_user_created/);
      expect(details).toMatch(/SEARCH purchase USING (COVERING )?INDEX credit_ledger_/);
    } else {
      const res = await db.executeQuery<{ 'QUERY PLAN': string }>({
        ...compiled,
        sql: `explain ${compiled.sql}`,
      });
      const text = res.rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(text).toMatch(/Index Scan Backward using users_created_at_id on users/);
      expect(text).not.toMatch(/Seq Scan on jobs/);
      expect(text).not.toMatch(/Seq Scan on credit_ledger/);
    }
  });
});
