import { navTexts } from '@cutout/contracts';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useState } from 'react';
import { buttonVariants } from '../../../components/ui/button';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module';
import { useTheme } from '../../../lib/theme';
import { MenuTriggerStandIn } from './nav-menu';

export const themeIcons = { light: Sun, dark: Moon, system: Monitor } as const;

// Loaded on intent for the same reason as the header menus (nav-menu.tsx).
const themeMenuModule = lazyModule(() => import('./theme-menu-dropdown'));
const loadThemeMenu = () => void themeMenuModule.load().catch(() => undefined);

/** Light / Dark / System (spec §2 Theme). */
export function ThemeMenu() {
  const { theme } = useTheme();
  const [wantOpen, setWantOpen] = useState(false);
  const module = useLazyModule(themeMenuModule);
  const Icon = themeIcons[theme];
  if (module) return <module.default defaultOpen={wantOpen} />;
  return (
    <MenuTriggerStandIn
      className={buttonVariants({ variant: 'ghost', size: 'icon' })}
      label={navTexts.theme.label}
      onIntent={loadThemeMenu}
      onOpen={() => setWantOpen(true)}
    >
      <Icon aria-hidden="true" className="text-muted-foreground" />
    </MenuTriggerStandIn>
  );
}
