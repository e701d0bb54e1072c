import { toastConfig } from '@cutout/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, lazy, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { installGlobalErrorReporting } from '../lib/error-reporting';
import { createQueryClient } from '../lib/query-client';
import { useThemeSync } from '../lib/theme';

// No page shows a toast before it is interactive, so sonner (~9 KB gzip) loads right after the
// page's own code rather than with it (docs/decisions/0022-web-first-load-budget.md).
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** Everything every page needs: the query cache, the theme and the toasts (spec §9). */
export function AppProvider({ children }: { children: ReactNode }) {
  // One client per app instance: a module-level client would be shared between prerendered
  // pages at build time.
  const [queryClient] = useState(createQueryClient);
  const resolvedTheme = useThemeSync();

  useEffect(() => installGlobalErrorReporting(), []);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <Suspense fallback={null}>
        <Toaster
          theme={resolvedTheme}
          position={toastConfig.position}
          duration={toastConfig.durationMs}
          visibleToasts={toastConfig.visibleToasts}
          gap={toastConfig.gapPx}
          hotkey={[...toastConfig.hotkey]}
          style={{ '--width': `${toastConfig.widthPx}px` } as CSSProperties}
        />
      </Suspense>
    </QueryClientProvider>
  );
}
