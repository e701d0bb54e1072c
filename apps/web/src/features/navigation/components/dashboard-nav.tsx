import { siteTexts } from '@cutout/contracts';
import { NavLink } from 'react-router';
import { cn } from '../../../lib/cn';
import { useSession } from '../../../lib/auth/session';
import { dashboardNav } from '../nav-links';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'relative inline-flex h-11 items-center whitespace-nowrap px-1 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive
      ? 'text-foreground after:absolute after:inset-x-0 after:-bottom-px after:h-0.5 after:rounded-full after:bg-primary'
      : 'text-muted-foreground hover:text-foreground',
  );

/** The signed-in navigation bar (spec §2): Dashboard, Credits & Billing, Settings, Admin Panel. */
export function DashboardNav() {
  const session = useSession();
  const links =
    session.user?.role === 'admin'
      ? [...dashboardNav.links, dashboardNav.admin]
      : dashboardNav.links;
  return (
    <div className="border-b border-border">
      <nav
        aria-label={siteTexts.dashboardNavigation}
        // Tabs wrap to a second row on a phone rather than scroll out of sight: at 360 px the
        // four tabs (five for an admin) need about 410 px, and a scrolled bar cut 'Settings' to
        // 'S' with nothing showing there was more (issue 39).
        className="mx-auto flex max-w-6xl flex-wrap gap-x-5 px-4 sm:gap-x-6 sm:px-6"
      >
        {links.map((item) => (
          <NavLink key={item.to} to={item.to} end className={tabClass}>
            {item.label}
          </NavLink>
        ))}
      </nav>
    </div>
  );
}
