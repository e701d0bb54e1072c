import { Outlet, useLocation } from 'react-router';
import { CrashBoundary } from '../../../features/errors/components/crash-boundary';
import { MarketingHeader } from '../../../features/navigation/components/marketing-header';
import { SiteFooter } from '../../../features/navigation/components/site-footer';

/** Marketing pages: header variant two (docs/decisions/0020-header-variants.md). */
export default function MarketingLayout() {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <MarketingHeader />
      <main id="main" className="flex flex-1 flex-col">
        <CrashBoundary resetKey={pathname}>
          <Outlet />
        </CrashBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
