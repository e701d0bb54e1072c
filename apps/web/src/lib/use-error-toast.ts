import { useEffect } from 'react';
import { toastError } from './error-toast';

/**
 * Toasts a query's failure once each time it fails (a screen's load error): pass the query's
 * `error` (null while it is fine) and the toast's title; the error's message is the description.
 */
export function useErrorToast(error: unknown, options: { title: string; fallback?: string }): void {
  const { title, fallback } = options;
  useEffect(() => {
    if (error) void toastError(error, { title, fallback });
  }, [error, title, fallback]);
}
