import { homeMarketingTexts } from '@cutout/contracts';
import { whyCards } from '../home-content';
import { CardGrid } from './card-grid';
import { SectionHeading } from './section-heading';

/** Home: "Why" with three feature cards — fast, simple, privacy (spec §2 Home). */
export function WhySection() {
  return (
    <section aria-labelledby="why-heading" className="border-t border-border">
      <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
        <SectionHeading id="why-heading" title={homeMarketingTexts.whyHeading}>
          {homeMarketingTexts.whyIntro}
        </SectionHeading>
        <div className="mt-12">
          <CardGrid cards={whyCards} />
        </div>
      </div>
    </section>
  );
}
