import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { CrashBoundary } from '../../../features/errors/components/crash-boundary';
import { SiteFooter } from '../../../features/navigation/components/site-footer';

/** Header, page, footer; a rendering error in the page leaves the header and footer working. */
export function PageShell({ header }: { header: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      {header}
      <main id="main" className="flex flex-1 flex-col">
        <CrashBoundary resetKey={pathname}>
          <Outlet />
        </CrashBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
