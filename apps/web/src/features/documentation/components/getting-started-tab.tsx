import { navTexts, paths } from '@cutout/contracts';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { gettingStartedIntro, gettingStartedSteps, inputFacts } from '../content';

const steps = [
  { ...gettingStartedSteps.tryEditor, to: paths.editor, action: 'Open the editor' },
  { ...gettingStartedSteps.signUp, to: paths.signUpAlias, action: navTexts.signUp },
  { ...gettingStartedSteps.process, to: paths.pricing, action: 'See credit packs' },
  { ...gettingStartedSteps.learn, to: paths.tutorials, action: 'Browse the tutorials' },
];

export function GettingStartedTab() {
  return (
    <div className="grid gap-10 lg:grid-cols-[3fr_2fr]">
      <div>
        <h2 className="text-2xl font-semibold tracking-tight">Getting started</h2>
        <p className="mt-3 text-lg leading-8 text-muted-foreground">{gettingStartedIntro}</p>
        <ol className="mt-8 space-y-4">
          {steps.map((step, i) => (
            <li
              key={step.title}
              className="flex gap-4 rounded-2xl border border-border bg-card p-5"
            >
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {i + 1}
              </span>
              <div>
                <h3 className="font-semibold">{step.title}</h3>
                <p className="mt-1 leading-7 text-muted-foreground">{step.body}</p>
                <Link
                  to={step.to}
                  className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {step.action}
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </div>
            </li>
          ))}
        </ol>
      </div>
      <aside aria-labelledby="input-facts-heading" className="lg:pt-14">
        <div className="rounded-2xl border border-border bg-subtle p-6">
          <h3 id="input-facts-heading" className="font-semibold">
            Images at a glance
          </h3>
          <dl className="mt-4 space-y-4">
            {inputFacts.map((fact) => (
              <div key={fact.label}>
                <dt className="text-sm text-muted-foreground">{fact.label}</dt>
                <dd className="mt-0.5 font-medium">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </aside>
    </div>
  );
}
