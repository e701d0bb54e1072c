import { limits, siteTexts } from '@cutout/contracts';
import { useRef } from 'react';
import { cn } from '../../../lib/cn';
import { useHeaderHeight } from '../../../lib/use-header-height';
import { siteMenus } from '../nav-links';
import { useScrolledPast } from '../use-scrolled-past';
import { AccountActions } from './account-actions';
import { Logo } from './logo';
import { MobileMenuButton, MobileMenuPanel, useMobileMenu } from './mobile-menu';
import { NavMenu } from './nav-menu';
import { ThemeMenu } from './theme-menu';

/**
 * The one header of the public and signed-in site (issue 26; the admin keeps its own): the
 * Main, Resources and Legal menus, the theme menu and the account corner. Transparent until the
 * page is scrolled more than 10 px, then a blurred background (spec §2 Navigation; decision 0172).
 */
export function SiteHeader() {
  const scrolled = useScrolledPast(limits.headerScrollThresholdPx);
  const menu = useMobileMenu();
  const solid = scrolled || menu.open;
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  return (
    <header
      ref={header}
      data-scrolled={scrolled ? '' : undefined}
      className={cn(
        'sticky top-0 z-40 border-b transition-[background-color,border-color,backdrop-filter] duration-200',
        solid
          ? 'border-border bg-background/75 backdrop-blur-md'
          : 'border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <Logo />
        <nav aria-label={siteTexts.mainNavigation} className="hidden items-center gap-1 md:flex">
          {siteMenus.map((group) => (
            <NavMenu key={group.label} group={group} />
          ))}
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <ThemeMenu />
          <div className="hidden md:block">
            <AccountActions />
          </div>
          <MobileMenuButton open={menu.open} onClick={menu.toggle} buttonRef={menu.buttonRef} />
        </div>
      </div>
      {menu.open ? <MobileMenuPanel groups={siteMenus} onNavigate={menu.close} /> : null}
    </header>
  );
}
