import { plans, type Plan } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { formatPlanPrice, ownsPlan, planAction, type PlanViewer } from './plan-actions';

const plan = (id: string): Plan => {
  const found = plans.find((p) => p.id === id);
  if (!found) throw new Error(id);
  return found;
};
const signedOut: PlanViewer = { signedIn: false, purchasedPlanIds: [] };
const newUser: PlanViewer = { signedIn: true, purchasedPlanIds: [] };
const buyer: PlanViewer = { signedIn: true, purchasedPlanIds: ['credits-100'] };

describe('ownsPlan', () => {
  it('owns nothing while signed out, even with purchases listed', () => {
    for (const p of plans) {
      expect(ownsPlan(p, { signedIn: false, purchasedPlanIds: [p.id] }, plans), p.id).toBe(false);
    }
  });

  it('makes Free Forever the current plan of a signed-in user with no paid pack', () => {
    expect(ownsPlan(plan('free'), newUser, plans)).toBe(true);
    expect(ownsPlan(plan('credits-10'), newUser, plans)).toBe(false);
    expect(ownsPlan(plan('enterprise'), newUser, plans)).toBe(false);
  });

  it('owns exactly the packs bought, and Free Forever no longer', () => {
    expect(ownsPlan(plan('credits-100'), buyer, plans)).toBe(true);
    expect(ownsPlan(plan('credits-10'), buyer, plans)).toBe(false);
    expect(ownsPlan(plan('credits-1000'), buyer, plans)).toBe(false);
    expect(ownsPlan(plan('free'), buyer, plans)).toBe(false);
  });

  it('ignores ids that are not paid plans', () => {
    const odd: PlanViewer = { signedIn: true, purchasedPlanIds: ['free', 'enterprise', 'nope'] };
    expect(ownsPlan(plan('free'), odd, plans)).toBe(true);
    expect(ownsPlan(plan('enterprise'), odd, plans)).toBe(false);
  });

  it('never gives Enterprise to an admin by role (the spec prototype did)', () => {
    expect(ownsPlan(plan('enterprise'), { signedIn: true, purchasedPlanIds: [] }, plans)).toBe(
      false,
    );
  });
});

describe('planAction', () => {
  it('sends signed-out visitors to sign-up from every card', () => {
    expect(planAction(plan('free'), signedOut, plans)).toBe('sign-up');
    expect(planAction(plan('credits-10'), signedOut, plans)).toBe('buy-sign-up');
    expect(planAction(plan('enterprise'), signedOut, plans)).toBe('contact-sales');
  });

  it('shows a new user their current plan and lets them buy', () => {
    expect(planAction(plan('free'), newUser, plans)).toBe('current-plan');
    expect(planAction(plan('credits-100'), newUser, plans)).toBe('buy');
  });

  it('marks bought packs purchased and still lets the user buy them again', () => {
    expect(planAction(plan('credits-100'), buyer, plans)).toBe('buy-again');
    expect(planAction(plan('credits-10'), buyer, plans)).toBe('buy');
    expect(planAction(plan('free'), buyer, plans)).toBe('dashboard');
  });
});

describe('formatPlanPrice', () => {
  it('formats the spec prices in en-US dollars', () => {
    expect(formatPlanPrice(0)).toBe('$0');
    expect(formatPlanPrice(5.15)).toBe('$5.15');
    expect(formatPlanPrice(20.62)).toBe('$20.62');
    expect(formatPlanPrice(30.93)).toBe('$30.93');
  });

  it('keeps two decimals for per-credit prices and groups thousands', () => {
    expect(formatPlanPrice(0.52)).toBe('$0.52');
    expect(formatPlanPrice(0.21)).toBe('$0.21');
    expect(formatPlanPrice(0.03)).toBe('$0.03');
    expect(formatPlanPrice(0.5)).toBe('$0.50');
    expect(formatPlanPrice(1250)).toBe('$1,250');
  });

  it('uses the plan currency when it is not USD (spec §3: INR shows ₹)', () => {
    expect(formatPlanPrice(499, 'INR')).toBe('₹499');
  });
});
