import { pageTexts } from '@cutout/contracts';
import { SubscriptionManagement } from '../../features/admin/components/subscription-management';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminSubscriptionManagement, { noindex: true });

/** /admin/subscriptions and /admin/subscription-management: orders and their lots (0104). */
export default function AdminSubscriptionManagementRoute() {
  return <SubscriptionManagement />;
}
