import { ImageIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

// The editor's image frames: the box an original or a result is shown in, and what it shows
// while it has no image.

/** Transparency shown the usual way: a checkerboard behind the cut-out subject. */
export const checkerboardClass =
  'bg-white bg-[length:16px_16px] bg-[position:0_0,8px_8px] bg-[image:linear-gradient(45deg,#e5e7eb_25%,transparent_25%,transparent_75%,#e5e7eb_75%),linear-gradient(45deg,#e5e7eb_25%,transparent_25%,transparent_75%,#e5e7eb_75%)] dark:bg-neutral-800 dark:bg-[image:linear-gradient(45deg,#404040_25%,transparent_25%,transparent_75%,#404040_75%),linear-gradient(45deg,#404040_25%,transparent_25%,transparent_75%,#404040_75%)]';

export function Frame({
  children,
  transparent = false,
  className,
}: {
  children?: ReactNode;
  transparent?: boolean;
  className?: string;
}) {
  return (
    <div
      className={cn(
        'relative flex aspect-[4/3] items-center justify-center overflow-hidden rounded-xl border border-border',
        transparent ? checkerboardClass : 'bg-muted',
        className,
      )}
    >
      {children}
    </div>
  );
}

export function EmptyFrame({
  label,
  labelFromSm = false,
}: {
  label?: string;
  labelFromSm?: boolean;
}) {
  return (
    <div className="flex flex-col items-center gap-2 px-4 text-center text-xs text-muted-foreground">
      <ImageIcon aria-hidden="true" className="size-6 opacity-60" />
      {label ? <span className={labelFromSm ? 'hidden sm:block' : undefined}>{label}</span> : null}
    </div>
  );
}
