import { navTexts, paths } from '@cutout/contracts';
import { Menu, X } from 'lucide-react';
import { Suspense, lazy, useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/auth/session';
import type { NavGroup } from '../nav-links';

export const mobileMenuId = 'mobile-menu';

// Only signed-in visitors need it, and it needs avatarInitials (see user-menu.tsx).
const MobileAccountLinks = lazy(() => import('./mobile-account-links'));

/**
 * Open state of the mobile menu (below 768 px, spec §9). It remembers the location it was
 * opened at, so any navigation closes it without an effect; Escape closes it too.
 */
export function useMobileMenu() {
  const location = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const open = openAt === location.key;

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAt(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return {
    open,
    buttonRef,
    toggle: () => setOpenAt(open ? null : location.key),
    close: () => setOpenAt(null),
  };
}

export function MobileMenuButton({
  open,
  onClick,
  buttonRef,
}: {
  open: boolean;
  onClick: () => void;
  buttonRef: RefObject<HTMLButtonElement | null>;
}) {
  return (
    <Button
      ref={buttonRef}
      variant="ghost"
      size="icon"
      className="md:hidden"
      aria-label={navTexts.toggleMenu}
      aria-expanded={open}
      aria-controls={mobileMenuId}
      onClick={onClick}
    >
      {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
    </Button>
  );
}

export const mobileLinkClass =
  'flex rounded-lg px-3 py-2.5 text-[0.95rem] font-medium text-foreground/90 outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring';

/** The same links as the desktop header, stacked. Rendered only while open. */
export function MobileMenuPanel({
  groups,
  onNavigate,
}: {
  groups: readonly NavGroup[];
  onNavigate: () => void;
}) {
  const session = useSession();
  return (
    <nav
      id={mobileMenuId}
      aria-label={navTexts.toggleMenu}
      className="border-t border-border bg-background/95 backdrop-blur-md md:hidden"
    >
      <div className="mx-auto flex max-h-[calc(100dvh-4rem)] max-w-6xl flex-col gap-4 overflow-y-auto px-4 py-4">
        {groups.map((group, index) => (
          <div key={group.label || index}>
            {group.label ? (
              <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {group.label}
              </p>
            ) : null}
            <ul>
              {group.links.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className={mobileLinkClass} onClick={onNavigate}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}

        <div className="border-t border-border pt-4">
          {session.status === 'signed-in' ? (
            <Suspense fallback={<div className="h-40" />}>
              <MobileAccountLinks user={session.user} onNavigate={onNavigate} />
            </Suspense>
          ) : session.status === 'anonymous' ? (
            <div className="grid grid-cols-2 gap-2">
              <Button asChild variant="outline">
                <Link to={paths.signIn} onClick={onNavigate}>
                  {navTexts.signIn}
                </Link>
              </Button>
              <Button asChild>
                <Link to={paths.signUp} onClick={onNavigate}>
                  {navTexts.signUp}
                </Link>
              </Button>
            </div>
          ) : null}
        </div>
      </div>
    </nav>
  );
}
