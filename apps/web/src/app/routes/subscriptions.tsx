import { appTexts, pageTexts } from '@cutout/contracts';
import { useEffect } from 'react';
import { lazyModule, useLazyModule } from '../../lib/lazy-module';
import { pageMeta } from '../../lib/meta';

// The page's code is fetched after the route's own small module, so the route manifest every
// page downloads lists one chunk here, not the page's whole tree (docs/decisions/0074).
const page = lazyModule(() => import('../../features/payments/components/billing-page'));

export const meta = () => pageMeta(pageTexts.subscriptions, { noindex: true });

export default function SubscriptionsRoute() {
  const loaded = useLazyModule(page);
  useEffect(() => {
    void page.load();
  }, []);
  return loaded ? (
    <loaded.BillingPage />
  ) : (
    <p className="px-4 py-10 text-center text-muted-foreground">{appTexts.loading}</p>
  );
}
