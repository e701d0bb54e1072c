import { describe, expect, it } from 'vitest';
import { avatarInitials, formatPrice, planSchema, plans, sessionUserSchema } from './index.js';

describe('avatarInitials', () => {
  it('uses the first letters of the first and last names', () => {
    expect(avatarInitials({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('AL');
    expect(avatarInitials({ name: 'jean-luc  de la Tour', email: 'j@example.com' })).toBe('JT');
  });
  it('uses one initial for a single name', () => {
    expect(avatarInitials({ name: 'Plato', email: 'p@example.com' })).toBe('P');
  });
  it('falls back to the first two letters of the e-mail when there is no name', () => {
    expect(avatarInitials({ name: null, email: 'zoe@example.com' })).toBe('ZO');
    expect(avatarInitials({ name: '   ', email: 'bo@example.com' })).toBe('BO');
  });
});

describe('plans', () => {
  it('carries the spec prices and per-credit prices', () => {
    const byId = Object.fromEntries(plans.map((p) => [p.id, p]));
    expect(byId['credits-10']?.price).toBe(5.15);
    expect(byId['credits-100']?.popular).toBe(true);
    expect(byId['credits-1000']?.pricePerCredit).toBe(0.03);
    expect(byId['enterprise']?.credits).toBe(-1);
    expect(plans.filter((p) => p.popular)).toHaveLength(1);
  });
  it('every plan matches the plan schema', () => {
    for (const plan of plans) expect(planSchema.safeParse(plan).success, plan.id).toBe(true);
    expect(planSchema.safeParse({ ...plans[0], billingType: 'monthly' }).success).toBe(false);
  });
  it('formats prices as en-US dollars', () => {
    expect(formatPrice(20.62)).toBe('$20.62');
    expect(formatPrice(0)).toBe('$0.00');
  });
});

describe('sessionUserSchema', () => {
  it('rejects an unknown role', () => {
    expect(
      sessionUserSchema.safeParse({ id: '1', email: 'a@b.co', name: null, role: 'root' }).success,
    ).toBe(false);
  });
});
