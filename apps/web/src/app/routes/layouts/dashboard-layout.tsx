import { Outlet, useLocation } from 'react-router';
import { RequireSignedIn } from '../../../features/accounts/components/route-guards';
import { CrashBoundary } from '../../../features/errors/components/crash-boundary';
import { DashboardNav } from '../../../features/navigation/components/dashboard-nav';
import { SiteFooter } from '../../../features/navigation/components/site-footer';
import { SiteHeader } from '../../../features/navigation/components/site-header';

/** Signed-in pages: the one site header and the signed-in navigation bar. */
export default function DashboardLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex flex-1 flex-col">
        <RequireSignedIn>
          <DashboardNav />
          <CrashBoundary resetKey={pathname}>
            <Outlet />
          </CrashBoundary>
        </RequireSignedIn>
      </main>
      <SiteFooter />
    </div>
  );
}
