import { featuresTexts, pageTexts, paths } from '@cutout/contracts';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-placeholder';
import { Button } from '../../components/ui/button';
import { CardGrid } from '../../features/marketing/components/card-grid';
import { SectionHeading } from '../../features/marketing/components/section-heading';
import { SegmentationSection } from '../../features/marketing/components/segmentation-section';
import { featureCards, featuresCtaText } from '../../features/marketing/features-content';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.features);

/** Spec §2 Features: six cards, an AI segmentation section and 'Try for Free' to /. */
export default function FeaturesRoute() {
  return (
    <>
      <div className="mx-auto w-full max-w-6xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24">
        <PageHeading page={pageTexts.features} />
        <section aria-labelledby="feature-cards-heading" className="mt-14">
          <h2 id="feature-cards-heading" className="sr-only">
            {featuresTexts.cardsHeading}
          </h2>
          <CardGrid cards={featureCards} />
        </section>
      </div>
      <SegmentationSection />
      <section aria-labelledby="features-cta-heading" className="border-t border-border">
        <div className="mx-auto flex max-w-6xl flex-col items-center px-4 py-20 text-center sm:px-6">
          <SectionHeading id="features-cta-heading" title={featuresTexts.ctaHeading}>
            {featuresCtaText}
          </SectionHeading>
          <Button asChild size="lg" className="mt-8">
            <Link to={paths.home}>
              {featuresTexts.tryForFree}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
