import { pageTexts } from '@cutout/contracts';
import { PageHeading } from '../../components/page-heading';
import { AuditLogViewer } from '../../features/admin/components/audit-log';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminAuditLog, { noindex: true });

/** /admin/audit-log: every admin action, filterable (issue 14). */
export default function AdminAuditLogRoute() {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:px-6">
      <PageHeading page={pageTexts.adminAuditLog} variant="app" />
      <AuditLogViewer />
    </div>
  );
}
