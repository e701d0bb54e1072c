import { navTexts, paths, siteTexts } from '@cutout/contracts';
import { LogOut } from 'lucide-react';
import { useRef } from 'react';
import { Link, NavLink } from 'react-router';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useHeaderHeight } from '../../../lib/use-header-height';
import { adminNav } from '../nav-links';
import { Logo } from './logo';
import { ThemeMenu } from './theme-menu';

/** The back-office header (spec §2 Admin): its own links and 'Exit Admin' back to /. */
export function AdminHeader() {
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  return (
    <header
      ref={header}
      className="sticky top-0 z-40 border-b border-border bg-background/85 backdrop-blur-md"
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6">
        <Logo />
        <Badge variant="outline">{siteTexts.adminBadge}</Badge>
        <div className="ml-auto flex items-center gap-1">
          <ThemeMenu />
          <Button asChild variant="outline" size="sm">
            <Link to={paths.home}>
              <LogOut aria-hidden="true" />
              {/* On a phone the icon alone, so the logo, badge and theme menu fit 360 px. */}
              <span className="max-sm:sr-only">{navTexts.exitAdmin}</span>
            </Link>
          </Button>
        </div>
      </div>
      <nav
        aria-label={siteTexts.adminBadge}
        className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-2 pb-2 sm:px-4"
      >
        {adminNav.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            end
            className={({ isActive }) =>
              cn(
                'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                isActive
                  ? 'bg-muted text-foreground'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )
            }
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
