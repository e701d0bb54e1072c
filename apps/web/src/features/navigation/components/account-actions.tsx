import { navTexts, paths } from '@cutout/contracts';
import { Suspense, lazy } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/auth/session';
import { accountLinks } from '../nav-links';

// The avatar menu is only for signed-in visitors, and avatarInitials lives in the contracts'
// session.ts beside the zod schemas: loading it lazily keeps zod out of every page's first load.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

function AvatarFallback() {
  return <span aria-hidden="true" className="block size-9 rounded-full" />;
}

/**
 * The header's account corner. While the session loads it keeps the space empty rather than
 * flashing Sign In at a signed-in visitor.
 */
export function AccountActions() {
  const session = useSession();
  if (session.status === 'loading') {
    return <span aria-hidden="true" className="block h-9 w-36" />;
  }
  if (session.status === 'signed-in') {
    return (
      <div className="flex items-center gap-1">
        <Button asChild variant="quiet" size="sm">
          <Link to={accountLinks.dashboard.to}>{accountLinks.dashboard.label}</Link>
        </Button>
        <Suspense fallback={<AvatarFallback />}>
          <UserMenu user={session.user} />
        </Suspense>
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
