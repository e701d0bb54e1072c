import { navTexts } from '@cutout/contracts';
import { Monitor, Moon, Sun } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { buttonVariants } from '../../../components/ui/button';
import { useTheme } from '../../../lib/theme';
import { MenuTriggerStandIn } from './nav-menu';

export const themeIcons = { light: Sun, dark: Moon, system: Monitor } as const;

// Lazy for the same reason as the header menus (nav-menu.tsx).
const ThemeMenuDropdown = lazy(() => import('./theme-menu-dropdown'));

/** Light / Dark / System (spec §2 Theme). */
export function ThemeMenu() {
  const { theme } = useTheme();
  const [wantOpen, setWantOpen] = useState(false);
  const Icon = themeIcons[theme];
  return (
    <Suspense
      fallback={
        <MenuTriggerStandIn
          className={buttonVariants({ variant: 'ghost', size: 'icon' })}
          label={navTexts.theme.label}
          onOpen={() => setWantOpen(true)}
        >
          <Icon aria-hidden="true" className="text-muted-foreground" />
        </MenuTriggerStandIn>
      }
    >
      <ThemeMenuDropdown defaultOpen={wantOpen} />
    </Suspense>
  );
}
