import { ChevronDown } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module';
import { cn } from '../../../lib/cn';
import type { NavGroup } from '../nav-links';

/** Colours and focus of a header item; size and spacing are up to the caller. */
export const navTriggerClass =
  'inline-flex items-center text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-muted data-[state=open]:text-foreground aria-[current=page]:text-foreground';

export const navItemClass = `${navTriggerClass} h-9 gap-1 rounded-lg px-3`;

// The Radix menus (~29 KB gzip with floating-ui) load right after the page has hydrated instead
// of with it, keeping the first load small (docs/decisions/0022-web-first-load-budget.md).
const navMenuModule = lazyModule(() => import('./nav-menu-dropdown'));

/**
 * Until the menu code has loaded, a look-alike trigger stands in (also in the prerendered
 * HTML). A click on it is remembered and the menu opens as soon as its code is there.
 */
export function MenuTriggerStandIn({
  className,
  children,
  label,
  onOpen,
}: {
  className: string;
  children: ReactNode;
  label?: string;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      className={className}
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      onClick={onOpen}
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
    <MenuTriggerStandIn className={cn(navItemClass, className)} onOpen={() => setWantOpen(true)}>
      {group.label}
      <ChevronDown aria-hidden="true" className="size-3.5 opacity-70" />
    </MenuTriggerStandIn>
  );
}
