import { tutorialsTexts } from '@cutout/contracts';
import { Clock, Play } from 'lucide-react';
import { CodeBlock } from '../../../components/code-block';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog';
import { useOrigin, withOrigin } from '../../../lib/use-origin';
import type { Tutorial } from '../content';

function Meta({ tutorial }: { tutorial: Tutorial }) {
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

/** The written steps, opened by 'Start Tutorial'. */
function TutorialSteps({ tutorial }: { tutorial: Tutorial }) {
  const origin = useOrigin();
  return (
    <DialogContent className="max-h-[88dvh] overflow-y-auto sm:max-w-2xl">
      <DialogTitle className="pr-6 text-xl">{tutorial.title}</DialogTitle>
      <DialogDescription>{tutorial.description}</DialogDescription>
      <div className="mt-3">
        <Meta tutorial={tutorial} />
      </div>
      <h3 className="mt-6 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        {tutorialsTexts.stepsHeading}
      </h3>
      <ol className="mt-3 space-y-5">
        {tutorial.steps.map((step, i) => (
          <li key={step.title} className="flex gap-3">
            <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
              {i + 1}
            </span>
            <div className="min-w-0 flex-1">
              <h4 className="font-medium">{step.title}</h4>
              <p className="mt-1 text-sm leading-6 text-muted-foreground">{step.body}</p>
              {step.code ? (
                <CodeBlock
                  className="mt-3"
                  code={withOrigin(step.code, origin)}
                  label={`code of step ${i + 1}`}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ol>
      <DialogFooter>
        <DialogClose asChild>
          <Button variant="outline">{tutorialsTexts.close}</Button>
        </DialogClose>
      </DialogFooter>
    </DialogContent>
  );
}

/** A tutorial: title, description, duration, level and 'Start Tutorial' (spec §2 Tutorials). */
export function TutorialCard({ tutorial }: { tutorial: Tutorial }) {
  const headingId = `tutorial-${tutorial.id}`;
  return (
    <Card
      role="article"
      aria-labelledby={headingId}
      className="flex h-full flex-col p-6 shadow-sm shadow-black/[0.03]"
    >
      <Meta tutorial={tutorial} />
      <h3 id={headingId} className="mt-4 text-lg font-semibold tracking-tight">
        {tutorial.title}
      </h3>
      <p className="mt-2 flex-1 leading-7 text-muted-foreground">{tutorial.description}</p>
      <Dialog>
        <DialogTrigger asChild>
          <Button className="mt-6 self-start" aria-describedby={headingId}>
            <Play aria-hidden="true" />
            {tutorialsTexts.startTutorial}
          </Button>
        </DialogTrigger>
        <TutorialSteps tutorial={tutorial} />
      </Dialog>
    </Card>
  );
}
