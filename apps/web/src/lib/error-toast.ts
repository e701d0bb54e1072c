import { toast } from 'sonner';

/** The one place an error becomes a toast (STYLE.md, convention 4). */
export function toastError(error: unknown, title?: string): void {
  const message = error instanceof Error ? error.message : String(error);
  if (title) toast.error(title, { description: message });
  else toast.error(message);
}
