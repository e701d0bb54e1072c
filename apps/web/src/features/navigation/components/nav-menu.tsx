import { ChevronDown } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import type { NavGroup } from '../nav-links';

export const navItemClass =
  'inline-flex h-9 items-center gap-1 rounded-lg px-3 text-sm font-medium text-muted-foreground transition-colors outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:bg-muted data-[state=open]:text-foreground aria-[current=page]:text-foreground';

/** A header menu whose items are links. */
export function NavMenu({ group, className }: { group: NavGroup; className?: string }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className={cn(navItemClass, className)}>
        {group.label}
        <ChevronDown aria-hidden="true" className="size-3.5 opacity-70" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        {group.links.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
