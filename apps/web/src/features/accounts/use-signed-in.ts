import type { SessionUser } from '@cutout/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionQueryKey } from '../../lib/auth/session';

/**
 * After sign-in or sign-up: forget whatever was cached for the previous visitor, show the new
 * user at once, and refresh the session from the server.
 */
export function useSignedIn(): (user: SessionUser) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: SessionUser) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
      queryClient.setQueryData(sessionQueryKey, { user });
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
    [queryClient],
  );
}
