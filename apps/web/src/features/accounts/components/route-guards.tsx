import { paths } from '@cutout/contracts';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { LoadingScreen } from '../../../components/loading-screen';
import { useSession } from '../../../lib/auth/session';
import { withRedirect } from '../safe-redirect';

// Client-side guards (spec §2, §6) so a visitor is sent where they can act. They protect no
// data: the server checks the session on every API call.

/**
 * Signed-in pages: anonymous visitors go to /signin?redirect=<where they were going>; one who
 * has just signed out on this page, to / (spec §2: "Sign out returns to /").
 */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <LoadingScreen />;
  if (session.status === 'anonymous') {
    if (session.signedOutFrom === location.pathname) return <Navigate to={paths.home} replace />;
    const back = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={withRedirect(paths.signIn, back)} replace />;
  }
  return children;
}

/** Admin pages: everyone but role admin goes to / (spec: "others redirected to /"). */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <LoadingScreen />;
  if (session.user?.role !== 'admin') return <Navigate to={paths.home} replace />;
  return children;
}

/**
 * Sign-in and sign-up: a user who is already signed in has nothing to do there and goes on to
 * `to`, where the form itself would send them after success (so the two never disagree). While the
 * session loads the form shows, as in the prerendered page.
 */
export function RedirectSignedIn({ to, children }: { to: string; children: ReactNode }) {
  const session = useSession();
  if (session.status === 'signed-in') return <Navigate to={to} replace />;
  return children;
}
