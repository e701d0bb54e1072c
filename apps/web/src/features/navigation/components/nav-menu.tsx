import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module';
import { cn } from '../../../lib/cn';
import type { NavGroup } from '../nav-links';

/** Colours and focus of a header item; size and spacing are up to the caller. */
export const navTriggerClass =
  'inline-flex items-center text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-muted data-[state=open]:text-foreground aria-[current=page]:text-foreground';

export const navItemClass = `${navTriggerClass} h-9 gap-1 rounded-lg px-3`;

// The Radix menus (~29 KB gzip with floating-ui) load when a person reaches for a menu, not
// with the page, keeping the first load small (docs/decisions/0022-web-first-load-budget.md).
const navMenuModule = lazyModule(() => import('./nav-menu-dropdown'));
const loadNavMenu = () => void navMenuModule.load().catch(() => undefined);

/**
 * Until the menu code has loaded, a look-alike trigger stands in (also in the prerendered
 * HTML). Pointing at it, focusing or pressing it starts loading the menu; a press (as Radix's
 * trigger opens on pointerdown) or a click is remembered and the menu opens as soon as its code
 * is there. Remembering the press matters: code that arrives between the press and the click
 * replaces this button, and the click then lands on a detached node and is lost.
 */
export function MenuTriggerStandIn({
  className,
  children,
  label,
  onIntent,
  onOpen,
}: {
  className: string;
  children: ReactNode;
  label?: string;
  onIntent: () => void;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={onIntent}
      onPointerDown={(event) => {
        onIntent();
        if (event.button === 0 && !event.ctrlKey) onOpen();
      }}
      onFocus={onIntent}
      onClick={() => {
        onIntent();
        onOpen();
      }}
    >
      {children}
    </button>
  );
}

export function NavMenu({ group, className }: { group: NavGroup; className?: string }) {
  const [wantOpen, setWantOpen] = useState(false);
  const module = useLazyModule(navMenuModule);
  if (module) {
    return <module.default group={group} className={className} defaultOpen={wantOpen} />;
  }
  return (
    <MenuTriggerStandIn
      className={cn(navItemClass, className)}
      onIntent={loadNavMenu}
      onOpen={() => setWantOpen(true)}
    >
      {group.label}
      <ChevronDown aria-hidden="true" className="size-3.5 opacity-70" />
    </MenuTriggerStandIn>
  );
}
