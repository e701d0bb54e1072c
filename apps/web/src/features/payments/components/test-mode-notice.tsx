import { testModeText } from '@cutout/contracts';
import { FlaskConical } from 'lucide-react';
import { cn } from '../../../lib/cn';

/** Sandbox orders move no money but grant real credits: said wherever they appear. */
export function TestModeNotice({ className }: { className?: string }) {
  return (
    <p
      role="note"
      className={cn(
        'inline-flex items-center gap-2 rounded-full border border-amber-500/50 bg-amber-50 px-3 py-1 text-sm font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100',
        className,
      )}
    >
      <FlaskConical aria-hidden="true" className="size-4" />
      {testModeText}
    </p>
  );
}
