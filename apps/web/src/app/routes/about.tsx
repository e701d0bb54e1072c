import { aboutTexts, pageTexts, paths } from '@cutout/contracts';
import { CalendarDays, Globe } from 'lucide-react';
import { PageHeading } from '../../components/page-heading';
import { CardGrid } from '../../features/marketing/components/card-grid';
import { CallToActionSection } from '../../features/marketing/components/call-to-action-section';
import { SectionHeading } from '../../features/marketing/components/section-heading';
import {
  aboutContactText,
  aboutMission,
  aboutStory,
  aboutValues,
} from '../../features/marketing/about-content';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.about);

const facts = [
  { icon: CalendarDays, label: aboutTexts.foundedLabel, value: String(aboutTexts.foundedYear) },
  {
    icon: Globe,
    label: aboutTexts.teamLabel,
    value: aboutTexts.teamValue(aboutTexts.teamCountries),
  },
];

/** Spec §2 About: story, mission, founded 2023, a remote team in 5 countries, three values. */
export default function AboutRoute() {
  return (
    <>
      <div className="mx-auto w-full max-w-6xl px-4 pt-16 pb-20 sm:px-6 sm:pt-24">
        <PageHeading page={pageTexts.about} />
        <div className="mt-14 grid gap-12 lg:grid-cols-[3fr_2fr]">
          <section aria-labelledby="story-heading">
            <h2 id="story-heading" className="text-2xl font-semibold tracking-tight">
              {aboutTexts.storyHeading}
            </h2>
            <div className="mt-4 space-y-4 text-lg leading-8 text-muted-foreground">
              {aboutStory.map((paragraph) => (
                <p key={paragraph.slice(0, 24)}>{paragraph}</p>
              ))}
            </div>
          </section>
          <div className="space-y-6">
            <dl className="grid grid-cols-2 gap-4">
              {facts.map(({ icon: Icon, label, value }) => (
                <div key={label} className="rounded-2xl border border-border bg-card p-5">
                  <Icon aria-hidden="true" className="size-5 text-primary" />
                  <dt className="mt-3 text-sm text-muted-foreground">{label}</dt>
                  <dd className="mt-1 text-2xl font-semibold tracking-tight">{value}</dd>
                </div>
              ))}
            </dl>
            <section
              aria-labelledby="mission-heading"
              className="rounded-2xl border border-primary/25 bg-primary/[0.06] p-6"
            >
              <h2 id="mission-heading" className="text-xl font-semibold tracking-tight">
                {aboutTexts.missionHeading}
              </h2>
              <p className="mt-3 leading-7 text-foreground/85">{aboutMission}</p>
            </section>
          </div>
        </div>
      </div>

      <section aria-labelledby="values-heading" className="border-t border-border bg-subtle">
        <div className="mx-auto max-w-6xl px-4 py-20 sm:px-6">
          <SectionHeading id="values-heading" title={aboutTexts.valuesHeading} />
          <div className="mt-12">
            <CardGrid cards={aboutValues} />
          </div>
        </div>
      </section>

      <CallToActionSection
        id="about-contact-heading"
        title={aboutTexts.contactHeading}
        to={paths.contact}
        action={aboutTexts.contactLink}
      >
        {aboutContactText}
      </CallToActionSection>
    </>
  );
}
