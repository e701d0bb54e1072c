import type { Plan } from '@cutout/contracts';

/** Who is looking at the pricing page, as far as the plan cards care. */
export interface PlanViewer {
  signedIn: boolean;
  /** Ids of the paid plans this user has bought (from the server's orders; usePurchasedPlanIds). */
  purchasedPlanIds: readonly string[];
}

/**
 * Whether a card shows the plan as the user's own (spec §4 "Plan ownership", corrected in
 * docs/decisions/0062-pricing-statements.md): nobody owns anything while signed out; a paid pack
 * is owned once bought; Free Forever is the current plan of a signed-in user who has bought no
 * paid pack; Enterprise is arranged with sales, never owned through this page.
 */
export function ownsPlan(plan: Plan, viewer: PlanViewer, allPlans: readonly Plan[]): boolean {
  if (!viewer.signedIn) return false;
  switch (plan.billingType) {
    case 'one-time':
      return viewer.purchasedPlanIds.includes(plan.id);
    case 'free':
      return !allPlans.some(
        (other) => other.billingType === 'one-time' && viewer.purchasedPlanIds.includes(other.id),
      );
    case 'enterprise':
      return false;
  }
}

/** What a plan card's button does. */
export type PlanAction =
  /** Free, signed out: 'Sign Up For Free' → /signup. */
  | 'sign-up'
  /** Free, signed in, no paid pack: 'Your Current Plan', outline, disabled. */
  | 'current-plan'
  /** Free, signed in after buying a pack: 'Sign Up For Free' has nothing left to do → dashboard. */
  | 'dashboard'
  /** Paid, signed out: 'Buy Now' → /signup (spec §4: not signed in goes to sign-up). */
  | 'buy-sign-up'
  /** Paid, signed in: 'Buy Now' starts a checkout. */
  | 'buy'
  /**
   * Paid, bought before: the card says 'Purchased' and 'Buy Now' stays enabled — packs are
   * consumable, buying another is never blocked (docs/decisions/0073).
   */
  | 'buy-again'
  /** Enterprise: the mail draft to sales. */
  | 'contact-sales';

export function planAction(plan: Plan, viewer: PlanViewer, allPlans: readonly Plan[]): PlanAction {
  const owned = ownsPlan(plan, viewer, allPlans);
  switch (plan.billingType) {
    case 'free':
      if (!viewer.signedIn) return 'sign-up';
      return owned ? 'current-plan' : 'dashboard';
    case 'one-time':
      if (!viewer.signedIn) return 'buy-sign-up';
      return owned ? 'buy-again' : 'buy';
    case 'enterprise':
      return 'contact-sales';
  }
}

/**
 * A plan's price in en-US USD (spec §9): whole amounts without cents ("$0" for Free Forever),
 * others with two decimals ("$5.15", "$0.52").
 */
export function formatPlanPrice(amount: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    ...(Number.isInteger(amount) ? { minimumFractionDigits: 0, maximumFractionDigits: 0 } : {}),
  }).format(amount);
}
