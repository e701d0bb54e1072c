import { siteTexts } from '@cutout/contracts';
import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { footerGroups, legalLinks } from '../nav-links';
import { Logo } from './logo';

const noSubscription = () => () => undefined;

/**
 * The copyright year, computed at render time. Prerendered HTML carries the build year and
 * hydration starts from that same value, so there is no mismatch; React then re-renders with
 * the visitor's current year if it differs.
 */
function useCurrentYear(): number {
  return useSyncExternalStore(
    noSubscription,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

export function SiteFooter() {
  const year = useCurrentYear();
  return (
    <footer className="border-t border-border bg-subtle">
      <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="grid gap-10 sm:grid-cols-2 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <Logo />
            <p className="mt-3 max-w-xs text-sm leading-6 text-muted-foreground">
              {siteTexts.tagline}
            </p>
          </div>
          {footerGroups.map((group) => (
            <nav key={group.label} aria-label={group.label}>
              <h2 className="text-sm font-semibold text-foreground">{group.label}</h2>
              <ul className="mt-3 space-y-2.5">
                {group.links.map((item) => (
                  <li key={item.to}>
                    <Link to={item.to} className={linkClass}>
                      {item.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="mt-12 flex flex-col gap-4 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-muted-foreground">{siteTexts.copyright(year)}</p>
          <nav aria-label={siteTexts.legalHeading}>
            <ul className="flex gap-5">
              {legalLinks.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={linkClass}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
