import { featuresTexts, pageTexts, paths } from '@cutout/contracts';
import { PageHeading } from '../../components/page-heading';
import { CardGrid } from '../../features/marketing/components/card-grid';
import { CallToActionSection } from '../../features/marketing/components/call-to-action-section';
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
      <CallToActionSection
        id="features-cta-heading"
        title={featuresTexts.ctaHeading}
        to={paths.home}
        action={featuresTexts.tryForFree}
      >
        {featuresCtaText}
      </CallToActionSection>
    </>
  );
}
