import { avatarInitials, navTexts, type SessionUser } from '@cutout/contracts';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar';
import { useSignOut } from '../../../lib/auth/sign-out';
import { accountLinks } from '../nav-links';
import { mobileLinkClass } from './mobile-menu';

/** The avatar menu's items in the mobile menu. Loaded only for signed-in visitors. */
export default function MobileAccountLinks({
  user,
  onNavigate,
}: {
  user: SessionUser;
  onNavigate: () => void;
}) {
  const signOut = useSignOut();
  const links = [accountLinks.myAccount, accountLinks.dashboard];
  if (user.role === 'admin') links.push(accountLinks.adminPanel);
  return (
    <>
      <div className="flex items-center gap-3 px-3 pb-2">
        <Avatar>{avatarInitials(user)}</Avatar>
        <span className="truncate text-sm text-muted-foreground">{user.email}</span>
      </div>
      <ul>
        {links.map((item) => (
          <li key={item.to}>
            <Link to={item.to} className={mobileLinkClass} onClick={onNavigate}>
              {item.label}
            </Link>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={`${mobileLinkClass} w-full items-center gap-2`}
            onClick={() => {
              onNavigate();
              void signOut();
            }}
          >
            <LogOut aria-hidden="true" className="size-4 text-muted-foreground" />
            {navTexts.signOut}
          </button>
        </li>
      </ul>
    </>
  );
}
