import { Outlet, useLocation } from 'react-router';
import { CrashBoundary } from '../../../features/errors/components/crash-boundary';
import { SiteFooter } from '../../../features/navigation/components/site-footer';
import { SiteHeader } from '../../../features/navigation/components/site-header';

/** Account pages and content pages: header variant one (docs/decisions/0020-header-variants.md). */
export default function SiteLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader />
      <main id="main" className="flex flex-1 flex-col">
        <CrashBoundary resetKey={pathname}>
          <Outlet />
        </CrashBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
