import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/** A label; callers pass `htmlFor`. */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm leading-none font-medium', className)} {...props} />;
}
