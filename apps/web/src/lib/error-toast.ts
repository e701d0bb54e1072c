import { loadToast } from './toast';

/**
 * The one place an error becomes a toast (STYLE.md, convention 4). sonner loads with the first
 * toast (lib/toast.ts), so it is not part of any page's first load.
 */
export async function toastError(error: unknown, title?: string): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const toast = await loadToast();
  if (title) toast.error(title, { description: message });
  else toast.error(message);
}
