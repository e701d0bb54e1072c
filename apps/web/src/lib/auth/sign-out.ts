import { apiPaths, paths } from '@cutout/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { apiClient } from '../api-client';
import { toastError } from '../error-toast';
import { sessionQueryKey } from './session';

/**
 * Ends the session on the server, then forgets every cached query (they may hold the previous
 * user's data) and marks the visitor anonymous. Throws when the server did not confirm.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await apiClient.post(apiPaths.signOut);
  queryClient.removeQueries();
  queryClient.setQueryData(sessionQueryKey, { user: null });
}

/** Sign out and return to / (spec §2 Navigation: "Sign out returns to /"). */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await signOut(queryClient);
      await navigate(paths.home);
    } catch (error) {
      await toastError(error);
    }
  }, [queryClient, navigate]);
}
