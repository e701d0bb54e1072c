import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.subscriptions, { noindex: true });

export default function SubscriptionsRoute() {
  return <PagePlaceholder page={pageTexts.subscriptions} variant="app" />;
}
