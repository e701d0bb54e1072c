import { pageTexts } from '@cutout/contracts';
import { PageHeading } from '../../components/page-heading';
import { AdminOverviewPanel } from '../../features/admin/components/admin-overview';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.admin, { noindex: true });

/** /admin (spec §2 Admin): the overview. */
export default function AdminRoute() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <PageHeading page={pageTexts.admin} variant="app" />
      <AdminOverviewPanel />
    </div>
  );
}
