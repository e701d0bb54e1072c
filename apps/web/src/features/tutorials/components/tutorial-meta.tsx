import { tutorialsTexts } from '@cutout/contracts';
import { Clock } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import type { Tutorial } from '../content';

/** A tutorial's duration and level, on its card and in its steps. */
export function Meta({ tutorial }: { tutorial: Tutorial }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
      <span className="inline-flex items-center gap-1.5">
        <Clock aria-hidden="true" className="size-4" />
        <time
          dateTime={`PT${tutorial.minutes}M`}
          aria-label={tutorialsTexts.durationLong(tutorial.minutes)}
        >
          {tutorialsTexts.duration(tutorial.minutes)}
        </time>
      </span>
      <span aria-hidden="true">·</span>
      <Badge variant="outline">
        <span className="sr-only">{tutorialsTexts.levelLabel}: </span>
        {tutorial.level}
      </Badge>
    </div>
  );
}
