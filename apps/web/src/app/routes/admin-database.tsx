import { pageTexts } from '@cutout/contracts';
import { DatabaseManagement } from '../../features/database-connections/components/database-management';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminDatabase, { noindex: true });

/** /admin/database and /admin/database-management (one screen, decision 0021). */
export default function AdminDatabaseRoute() {
  return <DatabaseManagement />;
}
