import { pageTexts } from '@cutout/contracts';
import { PagesScreen } from '../../features/pages/components/pages-screen';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminPageManagement, { noindex: true });

/** /admin/pages and /admin/page-management: the pages CMS (spec §2 Admin, Page Management). */
export default function AdminPageManagementRoute() {
  return <PagesScreen />;
}
