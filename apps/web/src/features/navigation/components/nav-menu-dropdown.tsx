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
import { navItemClass } from './nav-menu';

/** A header menu whose items are links (Radix dropdown menu). */
export default function NavMenuDropdown({
  group,
  className,
  defaultOpen,
}: {
  group: NavGroup;
  className?: string;
  defaultOpen?: boolean;
}) {
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={cn(navItemClass, className)}>
        {group.label}
        <ChevronDown aria-hidden="true" className="size-3.5 opacity-70" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="min-w-44">
        {group.links.map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to}>{item.label}</Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
