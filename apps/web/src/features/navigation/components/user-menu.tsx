import { avatarInitials, navTexts, siteTexts, type SessionUser } from '@cutout/contracts';
import { ChevronDown, LayoutDashboard, LogOut, Shield, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { useSignOut } from '../../../lib/auth/sign-out';
import { cn } from '../../../lib/cn';
import { accountLinks } from '../nav-links';
import { navTriggerClass } from './nav-menu';

/**
 * The avatar menu (spec §2 Navigation): My Account, Dashboard, Admin Panel (admins only), Sign
 * out.
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(navTriggerClass, 'h-9 gap-2 rounded-lg px-1.5')}
        // The name starts with the initials a sighted user sees (WCAG 2.5.3 'Label in Name'; axe:
        // label-content-name-mismatch), then says what the button opens.
        aria-label={`${avatarInitials(user)} ${siteTexts.userMenu}`}
      >
        <Avatar>{avatarInitials(user)}</Avatar>
        <ChevronDown aria-hidden="true" className="size-3.5 opacity-70" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>
          <span className="flex flex-col gap-0.5">
            {user.name ? (
              <span className="truncate text-sm font-medium text-foreground">{user.name}</span>
            ) : null}
            <span className="truncate font-normal">{user.email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to={accountLinks.myAccount.to}>
            <UserRound aria-hidden="true" />
            {accountLinks.myAccount.label}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={accountLinks.dashboard.to}>
            <LayoutDashboard aria-hidden="true" />
            {accountLinks.dashboard.label}
          </Link>
        </DropdownMenuItem>
        {user.role === 'admin' ? (
          <DropdownMenuItem asChild>
            <Link to={accountLinks.adminPanel.to}>
              <Shield aria-hidden="true" />
              {accountLinks.adminPanel.label}
            </Link>
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          {navTexts.signOut}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
