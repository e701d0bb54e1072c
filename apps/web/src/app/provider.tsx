import { toastConfig } from '@cutout/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { installGlobalErrorReporting } from '../lib/error-reports';
import { createQueryClient } from '../lib/query-client';
import { useLazyModule } from '../lib/lazy-module';
import { headerHeightVar } from '../lib/use-header-height';
import { useThemeSync } from '../lib/theme';
import {
  phoneQuery,
  sonnerModule,
  toastPlacement,
  toasterDidMount,
  type ToastPosition,
} from '../lib/toast';
import { useMediaQuery } from '../lib/use-media-query';

// sonner loads with the first toast, not with the page (lib/toast.ts,
// docs/decisions/0022-web-first-load-budget.md). This effect runs after the Toaster's own
// subscription effect (siblings commit in order), so no toast is published before it listens.
function ToasterMounted() {
  useEffect(() => toasterDidMount(), []);
  return null;
}

/**
 * Everything every page needs: the query cache, the theme and the toasts (spec §9), shown at
 * `toastPosition` (the root passes the admin's own, `toastPositionFor` in lib/toast.ts).
 */
export function AppProvider({
  children,
  toastPosition = toastConfig.position,
}: {
  children: ReactNode;
  toastPosition?: ToastPosition;
}) {
  // One client per app instance: a module-level client would be shared between prerendered
  // pages at build time.
  const [queryClient] = useState(createQueryClient);
  const resolvedTheme = useThemeSync();

  const sonner = useLazyModule(sonnerModule);
  const phone = useMediaQuery(phoneQuery);

  useEffect(() => installGlobalErrorReporting(), []);
  // Marks the page interactive once React has hydrated it: prerendered pages are on screen
  // before their scripts run (docs/decisions/0063), and a click before this does nothing.
  // The browser tests wait for it after each page load.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {sonner ? (
        <>
          <sonner.Toaster
            theme={resolvedTheme}
            position={toastPlacement(toastPosition, phone)}
            // Top positions start below the sticky header, so no toast covers its controls
            // ('Exit Admin', the account menu) at any width; the bottom keeps sonner's margins.
            offset={{
              top: `calc(var(${headerHeightVar}, 0px) + 12px)`,
              right: 24,
              bottom: 24,
              left: 24,
            }}
            mobileOffset={{ top: `calc(var(${headerHeightVar}, 0px) + 8px)`, left: 8, right: 8 }}
            duration={toastConfig.durationMs}
            visibleToasts={toastConfig.visibleToasts}
            gap={toastConfig.gapPx}
            hotkey={[...toastConfig.hotkey]}
            style={{ '--width': `${toastConfig.widthPx}px` } as CSSProperties}
          />
          <ToasterMounted />
        </>
      ) : null}
    </QueryClientProvider>
  );
}
