import { useState } from 'react';

// Whether this is the account's first dashboard visit in this browser: a brand-new account is
// greeted 'Welcome', not 'Welcome back' (issue 26). Kept per user id in localStorage; without
// storage (private modes that refuse it) every visit counts as a return, never an error.

const key = (userId: string) => `cutout:greeted:${userId}`;

/** Reads and records the visit once per mount, so the greeting does not flip while shown. */
export function useFirstVisit(userId: string | null): boolean {
  const [first] = useState(() => {
    if (!userId) return false;
    try {
      if (localStorage.getItem(key(userId)) !== null) return false;
      localStorage.setItem(key(userId), new Date().toISOString());
      return true;
    } catch {
      return false;
    }
  });
  return first;
}
