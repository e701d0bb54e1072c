import { siteTexts } from '@cutout/contracts';
import { NavLink } from 'react-router';
import { headerOneNav, type NavGroup } from '../nav-links';
import { AccountActions } from './account-actions';
import { Logo } from './logo';
import { MobileMenuButton, MobileMenuPanel, useMobileMenu } from './mobile-menu';
import { NavMenu, navItemClass } from './nav-menu';
import { ThemeMenu } from './theme-menu';

const mobileGroups: readonly NavGroup[] = [
  { label: '', links: [headerOneNav.features] },
  headerOneNav.resources,
  { label: '', links: [headerOneNav.about] },
];

/**
 * Header variant one (spec §2 Navigation): Features, Resources menu, About, and the account
 * corner. Used on account and app pages (docs/decisions/0020-header-variants.md).
 */
export function SiteHeader() {
  const menu = useMobileMenu();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-6 px-4 sm:px-6">
        <Logo />
        <nav aria-label={siteTexts.mainNavigation} className="hidden items-center gap-1 md:flex">
          <NavLink to={headerOneNav.features.to} className={navItemClass}>
            {headerOneNav.features.label}
          </NavLink>
          <NavMenu group={headerOneNav.resources} />
          <NavLink to={headerOneNav.about.to} className={navItemClass}>
            {headerOneNav.about.label}
          </NavLink>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <ThemeMenu />
          <div className="hidden md:block">
            <AccountActions variant="one" />
          </div>
          <MobileMenuButton open={menu.open} onClick={menu.toggle} buttonRef={menu.buttonRef} />
        </div>
      </div>
      {menu.open ? <MobileMenuPanel groups={mobileGroups} onNavigate={menu.close} /> : null}
    </header>
  );
}
