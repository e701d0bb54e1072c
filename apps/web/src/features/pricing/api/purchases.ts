/** Nothing is purchased before checkout exists; the checkout issue feeds the real list. */
const noPurchasesYet: readonly string[] = [];

/**
 * Ids of the paid plans the signed-in user has bought, for the cards' ownership rule
 * (plan-actions.ts). There is no purchase record yet, so the list is always empty.
 */
export function usePurchasedPlanIds(): readonly string[] {
  return noPurchasesYet;
}
