import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SectionHeading } from './section-heading';

/** A page's closing section: a heading, a sentence and one button to where to go next. */
export function CallToActionSection({
  id,
  title,
  children,
  to,
  action,
}: {
  id: string;
  title: string;
  children: ReactNode;
  to: string;
  action: string;
}) {
  return (
    <section aria-labelledby={id} className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-20 text-center sm:px-6">
        <SectionHeading id={id} title={title}>
          {children}
        </SectionHeading>
        <Button asChild size="lg" className="mt-8">
          <Link to={to}>
            {action}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </section>
  );
}
