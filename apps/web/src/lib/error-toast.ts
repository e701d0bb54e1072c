import { loadToast } from './toast';

/** The text to show for a failure: the error's own message (the server's, for an ApiError), else `fallback`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}

/**
 * The one place an error becomes a toast (STYLE.md, convention 4). With a `title`, the error's
 * message (else `fallback`) is the description; without one, the message is the toast. sonner
 * loads with the first toast (lib/toast.ts), so it is not part of any page's first load.
 */
export async function toastError(
  error: unknown,
  options: { title?: string; fallback?: string } = {},
): Promise<void> {
  const message = errorMessage(error, options.fallback ?? '');
  const toast = await loadToast();
  if (options.title) toast.error(options.title, message ? { description: message } : undefined);
  else toast.error(message || String(error));
}
