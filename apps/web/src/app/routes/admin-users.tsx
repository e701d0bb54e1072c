import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminUsers, { noindex: true });

export default function AdminUsersRoute() {
  return <PagePlaceholder page={pageTexts.adminUsers} variant="app" />;
}
