import { seoColour, type SeoColour } from '@cutout/contracts';
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
