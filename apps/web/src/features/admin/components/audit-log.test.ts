import { auditActions, type AuditEntryView } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { changesOf, describeEntry } from './audit-log';

const entry = (over: Partial<AuditEntryView>): AuditEntryView => ({
  id: '1',
  actorId: 'a',
  actorEmail: 'admin@example.com',
  action: auditActions.userDeactivate,
  targetType: 'user',
  targetId: 'u1',
  detail: null,
  ip: '10.0.0.1',
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('audit log entries', () => {
  it('lists only the facts that changed, before → after', () => {
    expect(
      changesOf({
        email: 'ada@example.com',
        before: { plan: 'free', imagesLimit: 12, credits: 10 },
        after: { plan: 'free', imagesLimit: 50, credits: 48 },
      }),
    ).toEqual(['imagesLimit 12 → 50', 'credits 10 → 48']);
    expect(changesOf({ reason: 'x' })).toEqual([]);
    expect(changesOf(null)).toEqual([]);
  });

  it('says what happened to whom in one line', () => {
    expect(describeEntry(entry({ detail: { email: 'ada@example.com' } }))).toBe(
      'deactivated ada@example.com',
    );
    expect(describeEntry(entry({ action: auditActions.adminSignIn }))).toBe('signed in (10.0.0.1)');
    // An action without a phrase shows as recorded.
    expect(
      describeEntry(entry({ action: 'webhook.replay', targetType: 'event', targetId: 'e9' })),
    ).toBe('webhook.replay event e9');
    expect(
      describeEntry(
        entry({ action: auditActions.orderRefund, detail: { email: 'ada@example.com' } }),
      ),
    ).toBe('refunded the order of ada@example.com');
    expect(
      describeEntry(entry({ action: auditActions.planUpdate, targetType: 'plan', targetId: 'p1' })),
    ).toBe('edited plan p1');
  });
});
