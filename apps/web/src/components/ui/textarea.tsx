import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A multi-line text input; `aria-invalid` turns its border red, like Input. Its height is
 * `rows` when given, else at least 8rem: a height class passed in only adds (cn does not merge
 * classes), so a smaller one would lose to min-h-32 and a field is made smaller with `rows`.
 */
export function Textarea({ className, rows, ...props }: ComponentProps<'textarea'>) {
  return (
    <textarea
      rows={rows}
      className={cn(
        'flex w-full min-w-0 rounded-lg border border-border bg-background px-3 py-2 text-sm shadow-xs transition-colors outline-none',
        'placeholder:text-muted-foreground/70 disabled:cursor-not-allowed disabled:opacity-50',
        'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25',
        'aria-invalid:border-red-500 aria-invalid:focus-visible:ring-red-500/20 dark:aria-invalid:border-red-400',
        rows === undefined && 'min-h-32',
        className,
      )}
      {...props}
    />
  );
}
