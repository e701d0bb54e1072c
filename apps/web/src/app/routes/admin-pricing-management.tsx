import { pageTexts } from '@cutout/contracts';
import { PricingManagement } from '../../features/admin/components/pricing-management';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminPricingManagement, { noindex: true });

/** /admin/pricing-management: the plans on /pricing and in the checkout (0105). */
export default function AdminPricingManagementRoute() {
  return <PricingManagement />;
}
