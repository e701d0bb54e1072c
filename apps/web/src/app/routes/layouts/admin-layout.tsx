import { Outlet, useLocation } from 'react-router';
import { RequireAdmin } from '../../../features/accounts/components/route-guards';
import { CrashBoundary } from '../../../features/errors/components/crash-boundary';
import { SandboxBanner } from '../../../features/admin/components/sandbox-banner';
import { AdminHeader } from '../../../features/navigation/components/admin-header';

/** The admin back-office: its own header, no site footer; admins only. */
export default function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col bg-subtle">
      <RequireAdmin>
        <AdminHeader />
        <SandboxBanner />
        <main id="main" className="flex flex-1 flex-col">
          <CrashBoundary resetKey={pathname}>
            <Outlet />
          </CrashBoundary>
        </main>
      </RequireAdmin>
    </div>
  );
}
