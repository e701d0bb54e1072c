import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** Initials in a circle; there are no profile pictures yet. */
export function Avatar({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex size-8 shrink-0 select-none items-center justify-center rounded-full bg-primary/12 text-xs font-semibold text-primary ring-1 ring-primary/20',
        className,
      )}
      {...props}
    />
  );
}
