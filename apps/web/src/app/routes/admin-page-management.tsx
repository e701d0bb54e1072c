import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminPageManagement, { noindex: true });

export default function AdminPageManagementRoute() {
  return <PagePlaceholder page={pageTexts.adminPageManagement} variant="app" />;
}
