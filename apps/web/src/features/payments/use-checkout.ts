import { checkoutTexts, type Plan } from '@cutout/contracts';
import { useCallback, useState } from 'react';
import { useSession } from '../../lib/auth/session';
import { loadToast } from '../../lib/toast';
import { CheckoutUnavailableError, createCheckout } from './api/create-checkout';

const leaveForCheckout = (url: string) => window.location.assign(url);

/**
 * Buying a paid plan (spec §4): create a checkout and go to its URL; on failure clear the
 * loading flag and show the error toast. While one checkout loads, every Buy Now waits.
 */
export function useCheckout(redirect: (url: string) => void = leaveForCheckout) {
  const [pendingPlanId, setPendingPlanId] = useState<string | null>(null);
  // The operator trying their own shop sees the spec's 'Checkout not configured'; a buyer sees
  // only that purchases are unavailable (decision 0236).
  const isAdmin = useSession().user?.role === 'admin';

  const buy = useCallback(
    async (plan: Plan) => {
      setPendingPlanId(plan.id);
      let url: string;
      try {
        url = await createCheckout(plan);
      } catch (error) {
        setPendingPlanId(null);
        const toast = await loadToast();
        if (error instanceof CheckoutUnavailableError && isAdmin) {
          toast.error(checkoutTexts.notConfigured, {
            description: checkoutTexts.notConfiguredAdminDescription,
          });
        } else if (error instanceof CheckoutUnavailableError) {
          toast.error(checkoutTexts.unavailableTitle, {
            description: checkoutTexts.unavailableDescription,
          });
        } else {
          toast.error(checkoutTexts.createFailedTitle, {
            description: checkoutTexts.createFailedDescription,
          });
        }
        return;
      }
      // The page is left for the provider's checkout; the flag stays on until it unloads.
      redirect(url);
    },
    [redirect, isAdmin],
  );

  return { pendingPlanId, buy };
}
