import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminSubscriptionManagement, { noindex: true });

export default function AdminSubscriptionManagementRoute() {
  return <PagePlaceholder page={pageTexts.adminSubscriptionManagement} variant="app" />;
}
