import { checkoutTexts, paths } from '@cutout/contracts';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { loadToast } from '../../lib/toast';
import type { Session } from '../../lib/auth/session';
import { useBillingSummary } from './api/purchases';

export type CheckoutReturn = 'success' | 'canceled';

/** The hosted checkout sends people back with ?success=true or ?canceled=true (spec §2, §4). */
export function checkoutReturnOf(params: URLSearchParams): CheckoutReturn | null {
  if (params.get('success') === 'true') return 'success';
  if (params.get('canceled') === 'true') return 'canceled';
  return null;
}

/**
 * On a return from checkout: the spec's toast, then away from the query string, replacing the
 * history entry so neither a reload nor Back shows the toast again. `success=true` alone proves
 * nothing: the purchase toast shows only when the server has a paid order of this user that
 * completed in the last minutes; otherwise the address is cleaned and nothing is shown.
 */
export function useCheckoutReturn(session: Session): void {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const outcome = checkoutReturnOf(params);
  const signedIn = session.status === 'signed-in';
  const billing = useBillingSummary(signedIn && outcome === 'success');
  // StrictMode runs effects twice; one return shows one toast.
  const handled = useRef<string | null>(null);
  const key = params.toString();
  const ready =
    outcome === 'canceled' ||
    (outcome === 'success' &&
      session.status !== 'loading' &&
      (!signedIn || !billing.isPending || billing.isError));
  const recentOrder = billing.data?.recentOrder ?? null;

  useEffect(() => {
    if (!outcome || !ready || handled.current === key) return;
    handled.current = key;
    if (outcome === 'success') {
      if (!recentOrder) {
        void navigate(paths.pricing, { replace: true });
        return;
      }
      void loadToast().then((toast) =>
        toast.success(checkoutTexts.purchasedTitle, {
          description: checkoutTexts.purchasedDescription,
        }),
      );
      void navigate(paths.dashboardCredits, { replace: true });
    } else {
      void loadToast().then((toast) =>
        toast.info(checkoutTexts.cancelledTitle, {
          description: checkoutTexts.cancelledDescription,
        }),
      );
      void navigate(paths.pricing, { replace: true });
    }
  }, [outcome, ready, recentOrder, key, navigate]);
}
