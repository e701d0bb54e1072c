import { siteTexts, type PageText } from '@cutout/contracts';
import { Construction } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Badge } from './ui/badge';

type Variant = 'marketing' | 'app' | 'auth';

const containers: Record<Variant, string> = {
  marketing: 'mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24',
  app: 'mx-auto w-full max-w-6xl px-4 py-10 sm:px-6',
  auth: 'mx-auto w-full max-w-md px-4 py-16 sm:py-24',
};

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

/**
 * A page whose content arrives in a later issue: its real heading and description and an honest
 * note, nothing that pretends to work.
 */
export function PagePlaceholder({
  page,
  variant = 'marketing',
  children,
}: {
  page: PageText;
  variant?: Variant;
  children?: ReactNode;
}) {
  return (
    <div className={containers[variant]}>
      <PageHeading page={page} variant={variant} />
      {children}
      <div
        className={cn(
          'flex flex-col items-center gap-3 rounded-2xl border border-dashed border-border bg-subtle px-6 text-center',
          variant === 'auth' ? 'mt-8 py-10' : 'mt-10 py-14',
        )}
      >
        <span className="flex size-10 items-center justify-center rounded-full bg-primary/10 text-primary">
          <Construction aria-hidden="true" className="size-5" />
        </span>
        <Badge variant="outline">{siteTexts.comingSoon}</Badge>
        <p className="max-w-sm text-sm text-muted-foreground">{siteTexts.placeholder}</p>
      </div>
    </div>
  );
}
