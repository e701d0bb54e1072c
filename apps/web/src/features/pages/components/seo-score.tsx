import { seoColour, type SeoCheck, type SeoColour } from '@cutout/contracts';
import { CircleAlert, CircleCheck } from 'lucide-react';
import { cn } from '../../../lib/cn';

const colours: Record<SeoColour, string> = {
  green: 'bg-emerald-500/12 text-emerald-700 ring-emerald-600/25 dark:text-emerald-300',
  yellow: 'bg-amber-500/15 text-amber-800 ring-amber-600/30 dark:text-amber-200',
  red: 'bg-red-500/12 text-red-700 ring-red-600/25 dark:text-red-300',
};

/** An SEO score, coloured as spec §5 says: 80+ green, 60+ yellow, else red. */
export function SeoScore({
  score,
  outOf = false,
  className,
}: {
  score: number;
  /** Show it as 'N/100'. */
  outOf?: boolean;
  className?: string;
}) {
  const colour = seoColour(score);
  return (
    <span
      data-colour={colour}
      className={cn(
        'inline-flex min-w-10 items-center justify-center rounded-full px-2 py-0.5 text-xs font-semibold tabular-nums ring-1 ring-inset',
        colours[colour],
        className,
      )}
    >
      {outOf ? `${score}/100` : score}
    </span>
  );
}

/** Each check of the score with its points and, where points are missing, what to do (issue 26). */
export function SeoChecklist({ checks }: { checks: readonly SeoCheck[] }) {
  return (
    <ul className="grid gap-2 text-sm" data-testid="seo-checks" aria-label="SEO checks">
      {checks.map((check) => {
        const full = check.points === check.max;
        return (
          <li key={check.id} className="flex items-start gap-2" data-check={check.id}>
            {full ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
            ) : (
              <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-600" />
            )}
            <span className="min-w-0 flex-1">
              <span className="flex justify-between gap-3">
                <span className="font-medium">{check.label}</span>
                <span className="text-muted-foreground tabular-nums">
                  {check.points}/{check.max}
                </span>
              </span>
              {check.advice ? (
                <span className="block text-xs text-muted-foreground">{check.advice}</span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
