import { RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { cn } from '../../lib/cn';

/**
 * The row above a list: its search box and filters (`children`, in order) and, with `reset`, a
 * button that clears them, disabled while nothing is set. Wraps onto more lines on a phone.
 */
export function ListToolbar({
  children,
  reset,
  className,
}: {
  children: ReactNode;
  reset?: { label: string; disabled: boolean; onReset: () => void };
  className?: string;
}) {
  return (
    <div className={cn('flex flex-wrap items-center gap-2', className)}>
      {children}
      {reset && (
        <Button variant="quiet" disabled={reset.disabled} onClick={reset.onReset}>
          <RotateCcw aria-hidden="true" />
          {reset.label}
        </Button>
      )}
    </div>
  );
}
