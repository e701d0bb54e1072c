import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminPricingManagement, { noindex: true });

export default function AdminPricingManagementRoute() {
  return <PagePlaceholder page={pageTexts.adminPricingManagement} variant="app" />;
}
