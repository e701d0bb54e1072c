/**
 * The one place an error becomes a toast (STYLE.md, convention 4). sonner is imported on
 * demand, like the <Toaster> in provider.tsx, so it is not part of any page's first load.
 */
export async function toastError(error: unknown, title?: string): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  const { toast } = await import('sonner');
  if (title) toast.error(title, { description: message });
  else toast.error(message);
}
