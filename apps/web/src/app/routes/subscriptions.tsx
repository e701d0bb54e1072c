import { pageTexts } from '@cutout/contracts';
import { BillingPage } from '../../features/pricing/components/billing-page';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.subscriptions, { noindex: true });

export default function SubscriptionsRoute() {
  return <BillingPage />;
}
