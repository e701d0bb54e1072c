import { navTexts, paths } from '@cutout/contracts';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/auth/session';
import { accountLinks } from '../nav-links';
import { UserMenu } from './user-menu';

/**
 * The header's account corner. While the session loads it keeps the space empty rather than
 * flashing Sign In at a signed-in visitor.
 */
export function AccountActions({ variant }: { variant: 'one' | 'two' }) {
  const session = useSession();
  if (session.status === 'loading') {
    return <span aria-hidden="true" className="block h-9 w-36" />;
  }
  if (session.status === 'signed-in') {
    if (variant === 'two') return <UserMenu user={session.user} label={navTexts.dashboard} />;
    return (
      <div className="flex items-center gap-1">
        <Button asChild variant="ghost" size="sm" className="text-muted-foreground">
          <Link to={accountLinks.dashboard.to}>{accountLinks.dashboard.label}</Link>
        </Button>
        <UserMenu user={session.user} />
      </div>
    );
  }
  return (
    <div className="flex items-center gap-2">
      <Button asChild variant="ghost" size="sm">
        <Link to={paths.signIn}>{navTexts.signIn}</Link>
      </Button>
      <Button asChild size="sm">
        <Link to={paths.signUp}>{navTexts.signUp}</Link>
      </Button>
    </div>
  );
}
