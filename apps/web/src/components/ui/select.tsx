import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A native select styled like Input: keyboard, screen readers and mobile pickers for free. */
export function Select({ className, ...props }: ComponentProps<'select'>) {
  return (
    <select
      className={cn(
        'flex h-10 w-full min-w-0 rounded-lg border border-border bg-background px-3 text-sm shadow-xs transition-colors outline-none',
        'disabled:cursor-not-allowed disabled:opacity-50',
        'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25',
        'aria-invalid:border-red-500',
        className,
      )}
      {...props}
    />
  );
}
