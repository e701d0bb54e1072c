import { homeMarketingTexts } from '@cutout/contracts';
import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { comparison, type Rating } from '../home-content';
import { SectionHeading } from './section-heading';

const ratingIcon: Record<Rating, { Icon: typeof CircleCheck; className: string; label: string }> = {
  good: {
    Icon: CircleCheck,
    className: 'text-emerald-600 dark:text-emerald-400',
    label: 'Strong',
  },
  partial: {
    Icon: CircleMinus,
    className: 'text-amber-600 dark:text-amber-400',
    label: 'Mixed',
  },
  poor: { Icon: CircleX, className: 'text-rose-600 dark:text-rose-400', label: 'Weak' },
};

/**
 * Home: manual editing vs Cutout's AI vs other AI tools (spec §2 Home). One column per approach,
 * the same criteria in the same order, so it reads as a table on wide screens and as three
 * cards on a phone.
 */
export function ComparisonSection() {
  return (
    <section aria-labelledby="comparison-heading" className="border-t border-border bg-subtle">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading id="comparison-heading" title={homeMarketingTexts.comparisonHeading}>
          {homeMarketingTexts.comparisonIntro}
        </SectionHeading>
        <ul className="mt-12 grid gap-5 lg:grid-cols-3 lg:items-stretch">
          {comparison.map((approach) => (
            <li
              key={approach.id}
              className={cn(
                'flex flex-col rounded-2xl border bg-card p-6',
                approach.highlighted
                  ? 'border-primary/50 shadow-lg shadow-primary/10 ring-1 ring-primary/30'
                  : 'border-border',
              )}
            >
              <h3 className="text-lg font-semibold tracking-tight">{approach.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{approach.summary}</p>
              <ul className="mt-6 space-y-4">
                {approach.points.map((point) => {
                  const { Icon, className, label } = ratingIcon[point.rating];
                  return (
                    <li key={point.criterion} className="flex gap-3">
                      <Icon
                        aria-hidden="true"
                        className={cn('mt-0.5 size-5 shrink-0', className)}
                      />
                      <div>
                        <p className="text-sm font-medium">
                          {point.criterion}
                          <span className="sr-only"> ({label})</span>
                        </p>
                        <p className="mt-0.5 text-sm leading-6 text-muted-foreground">
                          {point.text}
                        </p>
                      </div>
                    </li>
                  );
                })}
              </ul>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
