import type { PageText } from '@cutout/contracts';
import { cn } from '../lib/cn';

type Variant = 'marketing' | 'app' | 'auth';

/** A page's heading and one-line description. */
export function PageHeading({
  page,
  variant = 'marketing',
}: {
  page: PageText;
  variant?: Variant;
}) {
  return (
    <div className={cn(variant === 'auth' && 'text-center')}>
      <h1
        className={cn(
          'font-semibold tracking-tight text-balance',
          variant === 'marketing' ? 'text-4xl sm:text-5xl' : 'text-2xl sm:text-3xl',
        )}
      >
        {page.title}
      </h1>
      <p
        className={cn(
          'text-pretty text-muted-foreground',
          variant === 'marketing' ? 'mt-4 max-w-2xl text-lg' : 'mt-3',
        )}
      >
        {page.description}
      </p>
    </div>
  );
}
