import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's per-field messages (400 `fields`) under the matching inputs and focuses the
 * first. Returns whether any field was marked.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly FieldPath<T>[],
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  let first = true;
  for (const name of known) {
    const message = error.fields[name];
    if (message === undefined) continue;
    setError(name, { type: 'server', message }, { shouldFocus: first });
    first = false;
  }
  return !first;
}
