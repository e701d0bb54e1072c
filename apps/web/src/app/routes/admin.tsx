import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.admin, { noindex: true });

export default function AdminRoute() {
  return <PagePlaceholder page={pageTexts.admin} variant="app" />;
}
