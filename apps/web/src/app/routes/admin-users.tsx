import { pageTexts } from '@cutout/contracts';
import { UserManagement } from '../../features/admin/components/user-management';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminUsers, { noindex: true });

/** /admin/users and /admin/user-management (spec §2 Admin, User Management). */
export default function AdminUsersRoute() {
  return <UserManagement />;
}
