import { randomUUID } from 'node:crypto';
import {
  accountTexts,
  adminApiPaths,
  adminRuleTexts,
  auditActions,
  authTexts,
  deletedUserEmail,
  publicApiPaths,
  validationTexts,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { listOutbox } from '../../mail/outbox.repository.js';
import {
  TEST_ADMIN,
  adminCookie,
  onBothDialects,
  signIn,
  signUp,
  type SignedUp,
} from '../../test/accounts.js';
import { createApiKey } from '../api-keys/api-keys.service.js';
import { auditEntries } from '../audit/audit.service.js';
import { insertJob } from '../../test/admin.js';

// User Management through the real routes, on SQLite and PostgreSQL: every rule of spec §2, §4,
// §5, §6 and §8 Users, the ledger, the audit log, sessions and API keys of a deactivated user.

/** The mail sent to `to`, once the mailer has handed over everything it was given. */
async function mailTo(app: FastifyInstance, to: string) {
  await app.mailer.idle();
  return listOutbox(app.database.db, to);
}

onBothDialects('User Management', (get) => {
  let app: FastifyInstance;
  let admin: string;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
    url: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url,
      headers: { cookie: admin },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const row = async (id: string) => (await call('GET', adminApiPaths.user(id))).json();
  beforeAll(async () => {
    app = get().app;
    admin = await adminCookie(app);
  });

  it('lists users with search, plan and status filters and pages, and counts them', async () => {
    const tag = randomUUID().slice(0, 8);
    const people: SignedUp[] = [];
    for (let i = 0; i < 5; i++) {
      people.push(
        await signUp(app, { name: `Grace ${tag} ${i}`, email: `grace${i}-${tag}@example.com` }),
      );
    }
    const all = await call('GET', `${adminApiPaths.users}?search=${tag}`);
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(5);
    // Newest first, each with the spec's columns.
    expect(all.json().users[0]).toMatchObject({
      email: `grace4-${tag}@example.com`,
      status: 'active',
      plan: 'free',
      imagesLimit: 10,
      imagesProcessed: 0,
      credits: 10,
      // No pack bought: the Plan column says Free.
      lastPack: null,
    });
    // Case-insensitive, by name or e-mail; LIKE wildcards are matched literally.
    expect(
      (await call('GET', `${adminApiPaths.users}?search=GRACE ${tag.toUpperCase()} 3`)).json()
        .total,
    ).toBe(1);
    expect((await call('GET', `${adminApiPaths.users}?search=%25${tag}`)).json().total).toBe(0);
    const page2 = (
      await call('GET', `${adminApiPaths.users}?search=${tag}&per_page=2&page=2`)
    ).json();
    expect(page2.users.map((u: { email: string }) => u.email)).toEqual([
      `grace2-${tag}@example.com`,
      `grace1-${tag}@example.com`,
    ]);
    expect(page2.total).toBe(5);

    // A purchase makes 'pro'; an admin's choice makes 'enterprise'; a deactivation 'inactive'.
    const db = app.database.db;
    await db
      .insertInto('credit_ledger')
      .values({
        id: randomUUID(),
        user_id: people[0]!.id,
        kind: 'purchase',
        amount: 100,
        balance_after: 110,
        reason: 'test purchase',
        reference: `order-${tag}`,
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(
      (await call('PUT', adminApiPaths.user(people[1]!.id), { plan: 'enterprise' })).statusCode,
    ).toBe(200);
    expect(
      (await call('PUT', adminApiPaths.user(people[2]!.id), { status: 'inactive' })).statusCode,
    ).toBe(200);
    const by = async (q: string) =>
      (await call('GET', `${adminApiPaths.users}?search=${tag}&${q}`))
        .json()
        .users.map((u: { id: string }) => u.id);
    expect(await by('plan=pro')).toEqual([people[0]!.id]);
    expect(await by('plan=enterprise')).toEqual([people[1]!.id]);
    expect((await by('plan=free')).sort()).toEqual(
      [people[2]!.id, people[3]!.id, people[4]!.id].sort(),
    );
    expect(await by('status=inactive')).toEqual([people[2]!.id]);
    expect(await by('status=active&plan=free')).toHaveLength(2);
    expect(await by('plan=all&status=all')).toHaveLength(5);
    expect((await call('GET', `${adminApiPaths.users}?plan=gold`)).statusCode).toBe(400);

    const stats = (await call('GET', adminApiPaths.userStats)).json();
    const total = (await call('GET', adminApiPaths.users)).json().total;
    expect(stats.total).toBe(total);
    expect(stats.inactive).toBeGreaterThanOrEqual(1);
    expect(stats.active + stats.inactive).toBe(stats.total);
    expect(stats.byPlan.free + stats.byPlan.pro + stats.byPlan.enterprise).toBe(stats.total);
    expect(stats.byPlan.enterprise).toBeGreaterThanOrEqual(1);
    expect(stats.newLast7Days).toBe(stats.total);
  });

  it('Add User: trimmed and lowercased, chosen plan and status, a set-password mail whose use brings the free credits, 409 when taken', async () => {
    const email = `  New.Person-${randomUUID().slice(0, 6)}@Example.COM `;
    const created = await call('POST', adminApiPaths.users, {
      name: '  New Person ',
      email,
      plan: 'pro',
      status: 'active',
    });
    expect(created.statusCode).toBe(201);
    const user = created.json();
    const lower = email.trim().toLowerCase();
    expect(user).toMatchObject({
      name: 'New Person',
      email: lower,
      plan: 'pro',
      planSource: 'admin',
      status: 'active',
      // The free credits come when the mailed link confirms the address (decision 0265).
      credits: 0,
    });

    const mails = await mailTo(app, lower);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Set your Cutout password');
    const link = /\/reset-password\?token=([\w-]+)/.exec(mails[0]!.text)?.[1];
    expect(link).toBeTruthy();
    // No password yet: the link sets the first one, and then they can sign in.
    expect((await signIn(app, lower, 'whatever-password')).statusCode).toBe(401);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: {
        token: link,
        password: 'a-brand-new-password',
        confirmPassword: 'a-brand-new-password',
      },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(app, lower, 'a-brand-new-password')).statusCode).toBe(200);
    expect((await call('GET', adminApiPaths.user(user.id))).json()).toMatchObject({ credits: 10 });

    const again = await call('POST', adminApiPaths.users, {
      name: 'Someone',
      email: lower.toUpperCase(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(authTexts.userExists);

    const bad = await call('POST', adminApiPaths.users, { name: ' ', email: 'not-an-email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toMatchObject({
      name: validationTexts.nameRequired,
      email: validationTexts.email,
    });
    const none = await call('POST', adminApiPaths.users, { name: 'X', email: '' });
    expect(none.json().error.fields.email).toBe(validationTexts.emailRequired);

    const inactive = await call('POST', adminApiPaths.users, {
      name: 'Later Person',
      email: `later-${randomUUID().slice(0, 6)}@example.com`,
      status: 'inactive',
    });
    expect(inactive.json()).toMatchObject({
      status: 'inactive',
      plan: 'free',
      planSource: 'purchases',
    });
    // A deactivated account is mailed no link (issue 36).
    expect(await mailTo(app, inactive.json().email)).toEqual([]);

    const log = await auditEntries(app.database.db, {
      actionPrefix: auditActions.userCreate,
      targetId: user.id,
    });
    expect(log[0]).toMatchObject({ actorEmail: TEST_ADMIN.email, detail: { email: lower } });
  });

  it('Edit Subscription: the image limit is a ledger adjustment naming the admin and the reason', async () => {
    const person = await signUp(app);
    await insertJob(app.database.db, person.id, 'completed', new Date());
    await insertJob(app.database.db, person.id, 'completed', new Date());
    await insertJob(app.database.db, person.id, 'failed', new Date());
    // Two processed; 10 credits left (jobs inserted directly, not charged): limit 12.
    expect(await row(person.id)).toMatchObject({
      imagesProcessed: 2,
      imagesLimit: 12,
      credits: 10,
    });

    const edit = await call('PUT', adminApiPaths.user(person.id), {
      plan: 'pro',
      imagesLimit: 50,
      imagesProcessed: 2,
      reason: 'goodwill after an outage',
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({
      plan: 'pro',
      imagesLimit: 50,
      imagesProcessed: 2,
      credits: 48,
    });

    const ledger = await app.inject({
      url: '/api/me/credits/history',
      headers: { cookie: person.cookie },
    });
    expect(ledger.json().entries[0]).toMatchObject({
      kind: 'adjustment',
      amount: 38,
      balanceAfter: 48,
      reason: 'Admin adjustment: goodwill after an outage',
    });
    expect(ledger.json().entries[0].reference).toContain('admin:');
    // The user's own dashboard reads the new balance.
    expect(
      (await app.inject({ url: '/api/me', headers: { cookie: person.cookie } })).json().credits,
    ).toBe(48);

    const [entry] = await auditEntries(app.database.db, {
      actionPrefix: auditActions.userUpdate,
      targetId: person.id,
    });
    expect(entry).toMatchObject({
      actorEmail: TEST_ADMIN.email,
      detail: {
        before: { plan: 'free', imagesLimit: 12, credits: 10 },
        after: { plan: 'pro', imagesLimit: 50, credits: 48 },
        reason: 'goodwill after an outage',
      },
    });
    expect(entry!.ip).toBeTruthy();

    // Processed set to 5 keeps the credits (the limit follows); a limit below it is refused.
    expect(
      (await call('PUT', adminApiPaths.user(person.id), { imagesProcessed: 5 })).json(),
    ).toMatchObject({
      imagesProcessed: 5,
      imagesLimit: 53,
      credits: 48,
    });
    const below = await call('PUT', adminApiPaths.user(person.id), { imagesLimit: 4 });
    expect(below.statusCode).toBe(400);
    expect(below.json().error.message).toBe(adminRuleTexts.limitBelowProcessed);
    const negative = await call('PUT', adminApiPaths.user(person.id), {
      imagesLimit: -1,
      imagesProcessed: -1,
    });
    expect(negative.json().error.fields).toMatchObject({
      imagesLimit: adminRuleTexts.imageLimitMin,
      imagesProcessed: adminRuleTexts.imagesProcessedMin,
    });
    // Nothing was half-written by the refused edits.
    expect(await row(person.id)).toMatchObject({ imagesProcessed: 5, credits: 48 });
    // A limit equal to the images processed is a balance of 0 (decision 0127), one ledger row.
    const empty = await call('PUT', adminApiPaths.user(person.id), {
      imagesLimit: 5,
      reason: 'chargeback',
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toMatchObject({ imagesLimit: 5, imagesProcessed: 5, credits: 0 });
    const zeroRow = await app.database.db
      .selectFrom('credit_ledger')
      .select(['amount', 'balance_after', 'reason'])
      .where('user_id', '=', person.id)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(zeroRow).toMatchObject({
      amount: -48,
      balance_after: 0,
      reason: 'Admin adjustment: chargeback',
    });

    // Adjust credits: an amount in or out with a reason, one ledger row and one audit entry.
    const added = await call('POST', `${adminApiPaths.user(person.id)}/credits`, {
      amount: 25,
      reason: 'goodwill',
    });
    expect(added.json()).toMatchObject({ credits: 25, imagesLimit: 30 });
    const removed = await call('POST', `${adminApiPaths.user(person.id)}/credits`, {
      amount: -5,
      reason: 'duplicate grant',
    });
    expect(removed.json()).toMatchObject({ credits: 20 });
    const tooMuch = await call('POST', `${adminApiPaths.user(person.id)}/credits`, {
      amount: -21,
      reason: 'too much',
    });
    expect(tooMuch.statusCode).toBe(409);
    const noReason = await call('POST', `${adminApiPaths.user(person.id)}/credits`, {
      amount: 3,
      reason: ' ',
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toBe(adminRuleTexts.adjustReason);
    expect(await row(person.id)).toMatchObject({ credits: 20 });
    const audits = await auditEntries(app.database.db, { actionPrefix: auditActions.userCredits });
    expect(audits.filter((a) => a.targetId === person.id).map((a) => a.detail)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amount: 25, reason: 'goodwill' }),
        expect.objectContaining({ amount: -5, reason: 'duplicate grant' }),
      ]),
    );
    const reasons = (
      await app.database.db
        .selectFrom('credit_ledger')
        .select('reason')
        .where('user_id', '=', person.id)
        .where('kind', '=', 'adjustment')
        .execute()
    ).map((r) => r.reason);
    expect(reasons).toEqual(
      expect.arrayContaining(['Admin adjustment: goodwill', 'Admin adjustment: duplicate grant']),
    );

    // Choosing the plan the purchases give clears the admin's override.
    expect(
      (await call('PUT', adminApiPaths.user(person.id), { plan: 'free' })).json(),
    ).toMatchObject({
      plan: 'free',
      planSource: 'purchases',
    });
    expect(
      (await call('PUT', adminApiPaths.user('no-such-user'), { plan: 'pro' })).statusCode,
    ).toBe(404);
  });

  it('Reset Usage starts the period again at 0 without touching credits; later images count', async () => {
    const person = await signUp(app);
    await insertJob(app.database.db, person.id, 'completed', new Date());
    expect((await row(person.id)).imagesProcessed).toBe(1);
    const reset = await call('POST', adminApiPaths.resetUsage(person.id), {});
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ imagesProcessed: 0, credits: 10, imagesLimit: 10 });
    await insertJob(app.database.db, person.id, 'completed', new Date(Date.now() + 1000));
    expect((await row(person.id)).imagesProcessed).toBe(1);
    const [entry] = await auditEntries(app.database.db, {
      actionPrefix: auditActions.userResetUsage,
      targetId: person.id,
    });
    expect(entry).toMatchObject({
      detail: { before: { imagesProcessed: 1 }, after: { imagesProcessed: 0 } },
    });
  });

  it('Deactivate ends sessions, refuses sign-in and API keys; Activate restores them', async () => {
    const person = await signUp(app);
    const { key } = await createApiKey(app.database.db, person.id, 'test');
    const usage = () =>
      app.inject({ url: publicApiPaths.usage, headers: { authorization: `Bearer ${key}` } });
    expect((await usage()).statusCode).toBe(200);

    const off = await call('PUT', adminApiPaths.user(person.id), {
      status: 'inactive',
      reason: 'chargeback',
    });
    expect(off.json().status).toBe('inactive');
    const session = await app.inject({
      url: '/api/auth/session',
      headers: { cookie: person.cookie },
    });
    expect(session.json().user).toBeNull();
    const refused = await signIn(app, person.email, person.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(adminRuleTexts.deactivated);
    expect((await usage()).statusCode).toBe(401);
    // A wrong password still says only that the pair is wrong.
    expect((await signIn(app, person.email, 'wrong-password')).json().error.message).toBe(
      authTexts.invalidCredentials,
    );

    const on = await call('PUT', adminApiPaths.user(person.id), { status: 'active' });
    expect(on.json().status).toBe('active');
    expect((await signIn(app, person.email, person.password)).statusCode).toBe(200);
    expect((await usage()).statusCode).toBe(200);

    const actions = (
      await auditEntries(app.database.db, { targetType: 'user', targetId: person.id })
    ).map((e) => e.action);
    expect(actions).toEqual([auditActions.userActivate, auditActions.userDeactivate]);
  });

  it('nobody deactivates, demotes or deletes themselves or the last active admin', async () => {
    const me = (await app.inject({ url: '/api/me', headers: { cookie: admin } })).json();
    for (const [method, url, payload] of [
      ['PUT', adminApiPaths.user(me.id), { status: 'inactive' }],
      ['DELETE', adminApiPaths.user(me.id), undefined],
      ['PATCH', `/api/admin/users/${me.id}/role`, { role: 'user' }],
    ] as const) {
      const res = await call(method, url, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(accountTexts.lastAdmin);
    }
    // With a second admin, the rule about oneself still holds.
    const second = await signUp(app);
    await call('PATCH', `/api/admin/users/${second.id}/role`, { role: 'admin' });
    const self = await call('PUT', adminApiPaths.user(me.id), { status: 'inactive' });
    expect(self.json().error.message).toBe(adminRuleTexts.notYourself.deactivate);
    expect((await call('DELETE', adminApiPaths.user(me.id))).json().error.message).toBe(
      adminRuleTexts.notYourself.delete,
    );
    expect(
      (await call('PATCH', `/api/admin/users/${me.id}/role`, { role: 'user' })).json().error
        .message,
    ).toBe(adminRuleTexts.notYourself.demote);
    // A deactivated second admin does not count: I am the last active one again.
    expect(
      (await call('PUT', adminApiPaths.user(second.id), { status: 'inactive' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', adminApiPaths.user(me.id))).json().error.message).toBe(
      accountTexts.lastAdmin,
    );
    expect((await call('DELETE', adminApiPaths.user(second.id))).statusCode).toBe(204);
  });

  it('Delete removes the account, sessions, keys, jobs and stored results; keeps the ledger anonymised', async () => {
    const person = await signUp(app);
    const db = app.database.db;
    const { key } = await createApiKey(db, person.id, 'doomed');
    const jobId = await insertJob(db, person.id, 'completed', new Date());
    await get().app.processing.store.put(`${jobId}/refined.png`, Buffer.from('png'));
    const ledgerIds = (
      await db.selectFrom('credit_ledger').select('id').where('user_id', '=', person.id).execute()
    ).map((r) => r.id);
    expect(ledgerIds.length).toBeGreaterThan(0);

    expect((await call('DELETE', adminApiPaths.user(person.id))).statusCode).toBe(204);
    expect((await call('GET', adminApiPaths.user(person.id))).statusCode).toBe(404);
    expect(
      (await app.inject({ url: '/api/auth/session', headers: { cookie: person.cookie } })).json()
        .user,
    ).toBeNull();
    expect((await signIn(app, person.email, person.password)).statusCode).toBe(401);
    expect(
      (
        await app.inject({
          url: publicApiPaths.usage,
          headers: { authorization: `Bearer ${key}` },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      await db.selectFrom('sessions').select('id').where('user_id', '=', person.id).execute(),
    ).toEqual([]);
    expect(
      await db.selectFrom('api_keys').select('id').where('user_id', '=', person.id).execute(),
    ).toEqual([]);
    expect(await db.selectFrom('jobs').select('id').where('id', '=', jobId).execute()).toEqual([]);
    expect(await get().app.processing.store.read(`${jobId}/refined.png`)).toBeUndefined();
    const kept = await db
      .selectFrom('credit_ledger')
      .select(['id', 'user_id', 'amount'])
      .where('id', 'in', ledgerIds)
      .execute();
    expect(kept).toHaveLength(ledgerIds.length);
    expect(kept.every((r) => r.user_id === null)).toBe(true);

    const [entry] = await auditEntries(db, {
      actionPrefix: auditActions.userDelete,
      targetId: person.id,
    });
    // Decision 0270 (changing 0085): the entry no longer names the address or the name.
    expect(entry).toMatchObject({
      actorEmail: TEST_ADMIN.email,
      detail: { email: deletedUserEmail(person.id), by: 'admin', deleted: { jobs: 1 } },
    });
    expect(JSON.stringify(entry)).not.toContain(person.email);
    expect((await call('DELETE', adminApiPaths.user(person.id))).statusCode).toBe(404);
  });

  it('PATCH /users/{id}/credits is audited too', async () => {
    const person = await signUp(app);
    const res = await call('PATCH', `/users/${person.id}/credits`, {
      credits: 3,
      operation: 'add',
    });
    expect(res.json().credits).toBe(13);
    const [entry] = await auditEntries(app.database.db, {
      actionPrefix: auditActions.userCredits,
      targetId: person.id,
    });
    expect(entry).toMatchObject({ detail: { before: { credits: 10 }, after: { credits: 13 } } });
  });

  it('the audit-log route filters by action, actor, target and time, and pages', async () => {
    const person = await signUp(app);
    await call('POST', adminApiPaths.resetUsage(person.id), {});
    await call('PUT', adminApiPaths.user(person.id), { status: 'inactive' });
    await call('PUT', adminApiPaths.user(person.id), { status: 'active' });
    const list = async (q: string) => (await call('GET', `${adminApiPaths.auditLog}?${q}`)).json();
    expect(
      (await list(`target=${person.id}`)).entries.map((e: { action: string }) => e.action),
    ).toEqual([
      auditActions.userActivate,
      auditActions.userDeactivate,
      auditActions.userResetUsage,
    ]);
    expect((await list(`target=${person.id}&action=user.reset`)).entries).toHaveLength(1);
    expect(
      (await list(`actor=${TEST_ADMIN.email.toUpperCase()}&target=${person.id}`)).entries,
    ).toHaveLength(3);
    expect((await list(`actor=nobody@example.com`)).entries).toHaveLength(0);
    expect(
      (await list(`target=${person.id}&since=${new Date(Date.now() + 60_000).toISOString()}`))
        .entries,
    ).toHaveLength(0);
    const first = await list(`target=${person.id}&limit=2`);
    expect(first.entries).toHaveLength(2);
    expect(first.nextBefore).toBe(first.entries[1].createdAt);
    const next = await list(
      `target=${person.id}&limit=2&before=${encodeURIComponent(first.nextBefore)}`,
    );
    expect(next.entries.map((e: { action: string }) => e.action)).toEqual([
      auditActions.userResetUsage,
    ]);
    expect(next.nextBefore).toBeNull();
  });
});
