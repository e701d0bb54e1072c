import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminDatabase, { noindex: true });

export default function AdminDatabaseRoute() {
  return <PagePlaceholder page={pageTexts.adminDatabase} variant="app" />;
}
