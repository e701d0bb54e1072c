import { expect, it } from 'vitest';
import { onBothDialects } from '../../test/accounts.js';
import { auditEntries, recordAudit } from './audit.service.js';

onBothDialects('audit log', (get) => {
  it('records an entry with its actor, target and detail, and lists newest first', async () => {
    const db = get().app.database.db;
    const actor = { id: 'admin-1', email: 'admin@example.com' };
    await recordAudit(db, {
      actor,
      action: 'user.deactivate',
      target: { type: 'user', id: 'u-1' },
      detail: { reason: 'spam' },
      ip: '127.0.0.1',
      at: new Date('2026-01-01T00:00:00.000Z'),
    });
    await recordAudit(db, {
      actor: 'system',
      action: 'account.lockout',
      target: { type: 'user', id: 'u-2' },
      at: new Date('2026-01-02T00:00:00.000Z'),
    });
    const all = await auditEntries(db);
    expect(all.map((e) => e.action)).toEqual(['account.lockout', 'user.deactivate']);
    expect(all[1]).toMatchObject({
      actorId: 'admin-1',
      actorEmail: 'admin@example.com',
      targetType: 'user',
      targetId: 'u-1',
      detail: { reason: 'spam' },
      ip: '127.0.0.1',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(all[0]).toMatchObject({ actorId: null, actorEmail: null, detail: null });
  });

  it('filters by action prefix, target and time, and pages with `before`', async () => {
    const db = get().app.database.db;
    for (let i = 0; i < 5; i++) {
      await recordAudit(db, {
        actor: 'system',
        action: i % 2 ? 'order.refund' : 'user.activate',
        target: { type: 'member', id: `t-${i}` },
        at: new Date(Date.UTC(2026, 2, 1, 0, i)),
      });
    }
    expect((await auditEntries(db, { actionPrefix: 'order.' })).map((e) => e.targetId)).toEqual([
      't-3',
      't-1',
    ]);
    // LIKE wildcards in a prefix are dropped, not interpreted: 'ord%' is the prefix 'ord'.
    expect(await auditEntries(db, { actionPrefix: 'ord%' })).toHaveLength(2);
    expect(await auditEntries(db, { actionPrefix: 'nothing.' })).toHaveLength(0);
    expect((await auditEntries(db, { targetType: 'member', targetId: 't-2' }))[0]?.action).toBe(
      'user.activate',
    );
    const first = await auditEntries(db, { limit: 2, targetType: 'member' });
    const next = await auditEntries(db, {
      limit: 2,
      targetType: 'member',
      before: first[1]!.createdAt,
    });
    expect([...first, ...next].map((e) => e.targetId)).toEqual(['t-4', 't-3', 't-2', 't-1']);
  });
});
