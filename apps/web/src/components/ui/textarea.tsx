import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A multi-line text input; `aria-invalid` turns its border red, like Input. */
export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      className={cn(
        'flex min-h-32 w-full min-w-0 rounded-lg border border-border bg-background px-3 py-2 text-sm shadow-xs transition-colors outline-none',
        'placeholder:text-muted-foreground/70 disabled:cursor-not-allowed disabled:opacity-50',
        'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25',
        'aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/20 dark:aria-invalid:border-red-400',
        className,
      )}
      {...props}
    />
  );
}
