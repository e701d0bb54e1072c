import { accountsApi, paths } from '@cutout/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { apiClient } from '../api-client';
import { toastError } from '../error-toast';
import { sessionQueryKey, signedOutSession } from './session';

/**
 * Forgets every cached query (they may hold the previous user's data); the visitor is anonymous,
 * having signed out on the page at `from`.
 */
function forgetUser(queryClient: QueryClient, from: string): void {
  queryClient.removeQueries();
  queryClient.setQueryData(sessionQueryKey, signedOutSession(from));
}

/** Ends the session on the server, then forgets the user. Throws when the server did not confirm. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await apiClient.call(accountsApi.signOut, {});
  forgetUser(queryClient, window.location.pathname);
}

/**
 * Once the session has ended on the server (signed out, or the account deleted): go to / and
 * forget the user there.
 */
export function useGoHomeSignedOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(async () => {
    // Leave first, then forget: on a signed-in page, forgetting first would let that page's
    // guard send the now-anonymous visitor to /signin?redirect=… before we reach /. The router
    // may have arrived before React has drawn /, so the guard of the page signed out on sends
    // the visitor home too (signedOutSession).
    await navigate(paths.home);
    forgetUser(queryClient, pathname);
  }, [queryClient, navigate, pathname]);
}

/** Sign out and return to / (spec §2 Navigation: "Sign out returns to /"). */
export function useSignOut(): () => Promise<void> {
  const goHome = useGoHomeSignedOut();
  return useCallback(async () => {
    try {
      await apiClient.call(accountsApi.signOut, {});
    } catch (error) {
      await toastError(error);
      return;
    }
    await goHome();
  }, [goHome]);
}
