import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

/** A section's h2 and its one-paragraph introduction, centred or left-aligned. */
export function SectionHeading({
  id,
  title,
  children,
  align = 'center',
}: {
  id: string;
  title: string;
  children?: ReactNode;
  align?: 'center' | 'start';
}) {
  return (
    <div className={cn('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <h2 id={id} className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {title}
      </h2>
      {children ? (
        <p className="mt-4 text-lg text-pretty text-muted-foreground">{children}</p>
      ) : null}
    </div>
  );
}
