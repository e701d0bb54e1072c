import { tutorialsTexts } from '@cutout/contracts';
import type { RefObject } from 'react';
import { CodeBlock } from '../../../components/code-block';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogTitle,
} from '../../../components/ui/dialog';
import { useOrigin, withOrigin } from '../../../lib/use-origin';
import type { Tutorial } from '../content';
import { Meta } from './tutorial-meta';

/**
 * The written steps, opened by 'Start Tutorial'. Loaded on intent (tutorial-card.tsx) with the
 * Radix dialog, which is not part of the page's first load (docs/decisions/0240).
 */
export default function TutorialSteps({
  tutorial,
  open,
  onOpenChange,
  trigger,
}: {
  tutorial: Tutorial;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The card's 'Start Tutorial' button, which gets the focus back when the dialog closes. */
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const origin = useOrigin();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-h-[88dvh] overflow-y-auto sm:max-w-2xl"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      >
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
    </Dialog>
  );
}
