import { toastConfig } from '@cutout/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from 'sonner';
import { installGlobalErrorReporting } from '../lib/error-reporting';
import { createQueryClient } from '../lib/query-client';
import { useThemeSync } from '../lib/theme';

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
      <Toaster
        theme={resolvedTheme}
        position={toastConfig.position}
        duration={toastConfig.durationMs}
        visibleToasts={toastConfig.visibleToasts}
        gap={toastConfig.gapPx}
        hotkey={[...toastConfig.hotkey]}
        style={{ '--width': `${toastConfig.widthPx}px` } as React.CSSProperties}
      />
    </QueryClientProvider>
  );
}
