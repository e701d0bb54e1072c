import { limits } from '@cutout/contracts';
import { expect, it } from 'vitest';
import { adminCookie, onBothDialects, signUp } from '../../test/accounts.js';
import { findBalance, listLedger, sumLedger } from './credits.repository.js';
import { addCredits, spendCredit } from './credits.service.js';

onBothDialects('credit ledger', (get) => {
  it('starts a new account with 10 credits, written as one grant row', async () => {
    const { app } = get();
    const user = await signUp(app);
    const db = app.database.db;
    expect(await findBalance(db, user.id)).toBe(limits.newUserCredits);
    const rows = await listLedger(db, user.id, 10);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'grant', amount: 10, balance_after: 10 });
  });

  it('spends one credit per call, recording each spend, and refuses at 0 with 402', async () => {
    const { app } = get();
    const user = await signUp(app);
    const db = app.database.db;
    for (let i = 9; i >= 0; i--) expect(await spendCredit(db, user.id, `job-${i}`)).toBe(i);
    await expect(spendCredit(db, user.id, 'job-x')).rejects.toMatchObject({
      status: 402,
      message: 'No credits available. Please purchase credits to process images.',
    });
    expect(await findBalance(db, user.id)).toBe(0);
    expect(await sumLedger(db, user.id)).toBe(0);
    expect((await listLedger(db, user.id, 100)).filter((r) => r.kind === 'spend')).toHaveLength(10);
  });

  it('lets exactly one of two concurrent spends take the last credit', async () => {
    const { app } = get();
    const user = await signUp(app);
    const db = app.database.db;
    for (let i = 0; i < 9; i++) await spendCredit(db, user.id, `pre-${i}`);
    expect(await findBalance(db, user.id)).toBe(1);
    const results = await Promise.allSettled([
      spendCredit(db, user.id, 'race-a'),
      spendCredit(db, user.id, 'race-b'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected');
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ status: 402 });
    expect(await findBalance(db, user.id)).toBe(0);
    expect(await sumLedger(db, user.id)).toBe(0);
  });

  it('never charges the same job twice (409), leaving the balance as it was', async () => {
    const { app } = get();
    const user = await signUp(app);
    const db = app.database.db;
    await spendCredit(db, user.id, 'job-1');
    await expect(spendCredit(db, user.id, 'job-1')).rejects.toMatchObject({ status: 409 });
    expect(await findBalance(db, user.id)).toBe(9);
    expect(await sumLedger(db, user.id)).toBe(9);
  });

  it('adds purchased credits as a purchase row', async () => {
    const { app } = get();
    const user = await signUp(app);
    const db = app.database.db;
    expect(
      await addCredits(db, user.id, {
        kind: 'purchase',
        amount: 100,
        reason: '100 Credits',
        reference: 'order-1',
      }),
    ).toBe(110);
    expect(await sumLedger(db, user.id)).toBe(110);
  });

  it('PATCH /users/{id}/credits: admin sets, adds, subtracts; never below 0; adjustment rows', async () => {
    const { app } = get();
    const user = await signUp(app);
    const cookie = await adminCookie(app);
    const patch = (payload: object) =>
      app.inject({
        method: 'PATCH',
        url: `/users/${user.id}/credits`,
        headers: { cookie },
        payload,
      });

    let res = await patch({ credits: 25 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: user.id, credits: 25 });
    res = await patch({ credits: 5, operation: 'add' });
    expect(res.json().credits).toBe(30);
    res = await patch({ credits: 30, operation: 'subtract' });
    expect(res.json().credits).toBe(0);
    res = await patch({ credits: 1, operation: 'subtract' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Credits cannot go below 0');
    res = await patch({ credits: -3 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.credits).toBe('Credits cannot be negative');

    const db = app.database.db;
    expect(await findBalance(db, user.id)).toBe(0);
    expect(await sumLedger(db, user.id)).toBe(0);
    const adjustments = (await listLedger(db, user.id, 100)).filter((r) => r.kind === 'adjustment');
    expect(adjustments.map((r) => Number(r.amount)).sort((a, b) => a - b)).toEqual([-30, 5, 15]);

    const missing = await app.inject({
      method: 'PATCH',
      url: '/users/nobody/credits',
      headers: { cookie },
      payload: { credits: 1 },
    });
    expect(missing.statusCode).toBe(404);
  });

  it('PATCH /users/{id}/credits is refused to the user themself (403)', async () => {
    const { app } = get();
    const user = await signUp(app);
    const res = await app.inject({
      method: 'PATCH',
      url: `/users/${user.id}/credits`,
      headers: { cookie: user.cookie },
      payload: { credits: 1000 },
    });
    expect(res.statusCode).toBe(403);
    expect(await findBalance(app.database.db, user.id)).toBe(10);
  });

  it('shows the signed-in user their ledger, newest first', async () => {
    const { app } = get();
    const user = await signUp(app);
    await spendCredit(app.database.db, user.id, 'job-h');
    const res = await app.inject({
      url: '/api/me/credits/history',
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    const kinds = res.json().entries.map((e: { kind: string }) => e.kind);
    expect(kinds).toHaveLength(2);
    expect(kinds).toEqual(expect.arrayContaining(['grant', 'spend']));
  });
});
