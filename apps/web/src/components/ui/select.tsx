import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * A native <select> styled like Input, with a chevron: keyboard, screen readers and mobile
 * pickers for free. `className` places and sizes the box (the select fills it); `options` are
 * listed after any `children` (an 'All' choice); every other prop, a form library's `ref`
 * included, goes to the <select>.
 */
export function Select({
  className,
  options,
  children,
  ...props
}: ComponentProps<'select'> & {
  options?: readonly { value: string | number; label: string }[];
}) {
  return (
    <div className={cn('relative', className)}>
      <select
        className={cn(
          'flex h-10 w-full min-w-0 appearance-none rounded-lg border border-border bg-background py-0 pr-9 pl-3 text-sm shadow-xs transition-colors outline-none',
          'disabled:cursor-not-allowed disabled:opacity-50',
          'focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25',
          'aria-invalid:border-red-500 dark:aria-invalid:border-red-400',
        )}
        {...props}
      >
        {children}
        {options?.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
