import { tutorialsTexts } from '@cutout/contracts';
import { Play } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { lazyModule, useLazyModule } from '../../../lib/lazy-module';
import type { Tutorial } from '../content';
import { Meta } from './tutorial-meta';

// The steps and the Radix dialog (~10 KB gzip) load when a person points at, focuses or presses
// 'Start Tutorial', not with the page (docs/decisions/0240). The button is the page's own, so it
// keeps the focus while they load; a press opens the dialog as soon as its code is there.
const stepsModule = lazyModule(() => import('./tutorial-steps'));
const loadSteps = () => void stepsModule.load().catch(() => undefined);

/** A tutorial: title, description, duration, level and 'Start Tutorial' (spec §2 Tutorials). */
export function TutorialCard({ tutorial }: { tutorial: Tutorial }) {
  const headingId = `tutorial-${tutorial.id}`;
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const steps = useLazyModule(stepsModule);
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
      <Button
        ref={trigger}
        className="mt-6 self-start"
        aria-describedby={headingId}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={loadSteps}
        onFocus={loadSteps}
        onClick={() => {
          loadSteps();
          setOpen(true);
        }}
      >
        <Play aria-hidden="true" />
        {tutorialsTexts.startTutorial}
      </Button>
      {steps ? (
        <steps.default tutorial={tutorial} open={open} onOpenChange={setOpen} trigger={trigger} />
      ) : null}
    </Card>
  );
}
