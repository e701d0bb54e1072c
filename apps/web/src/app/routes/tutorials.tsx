import { pageTexts, paths, tutorialsTexts } from '@cutout/contracts';
import { ArrowRight, BookOpen } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { Button } from '../../components/ui/button';
import { TutorialTabs } from '../../features/tutorials/components/tutorial-tabs';
import { moreHelpText } from '../../features/tutorials/content';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.tutorials);

/** Spec §2 Tutorials: four tabs of tutorial cards and a link to /documentation. */
export default function TutorialsRoute() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <PageHeading page={pageTexts.tutorials} />
      <div className="mt-12">
        <TutorialTabs />
      </div>
      <section
        aria-labelledby="tutorials-docs-heading"
        className="mt-16 flex flex-col items-start gap-5 rounded-2xl border border-border bg-subtle p-6 sm:flex-row sm:items-center sm:p-8"
      >
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
          <BookOpen aria-hidden="true" className="size-5" />
        </span>
        <div className="flex-1">
          <h2 id="tutorials-docs-heading" className="text-lg font-semibold tracking-tight">
            {tutorialsTexts.moreHelpHeading}
          </h2>
          <p className="mt-1 text-muted-foreground">{moreHelpText}</p>
        </div>
        <Button asChild variant="outline">
          <Link to={paths.documentation}>
            {tutorialsTexts.documentationLink}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </section>
    </div>
  );
}
