import {
  heroTexts,
  homeMarketingTexts,
  homeTexts,
  navTexts,
  pageTexts,
  paths,
  siteTexts,
  toastConfig,
} from '@cutout/contracts';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useSession } from '../../lib/auth/session';
import { pageMeta } from '../../lib/meta';
import { useEntryToast } from '../../lib/use-entry-toast';
import { EditorSection } from '../../features/editor/components/editor-section';
import { ComparisonSection } from '../../features/marketing/components/comparison-section';
import { WhySection } from '../../features/marketing/components/why-section';

export const meta = () => pageMeta(pageTexts.home);

// Transparency shown the usual way: a light checkerboard behind the cut-out subject.
const checkerboard =
  'bg-[length:20px_20px] bg-[position:0_0,10px_10px] bg-[image:linear-gradient(45deg,var(--color-muted)_25%,transparent_25%,transparent_75%,var(--color-muted)_75%),linear-gradient(45deg,var(--color-muted)_25%,transparent_25%,transparent_75%,var(--color-muted)_75%)]';

function Tile({ label, className }: { label: string; className: string }) {
  return (
    <figure className={`relative overflow-hidden rounded-2xl ${className}`}>
      <Subject />
      <figcaption className="absolute bottom-2.5 left-2.5 whitespace-nowrap rounded-full bg-background/85 px-2.5 py-0.5 text-xs font-medium text-foreground shadow-sm backdrop-blur">
        {label}
      </figcaption>
    </figure>
  );
}

/**
 * Original on the left, two of the three results on the right. Drawn, not a photo. On a phone
 * the columns are even, so 'White background' fits its tile on one line (issue 39).
 */
function HeroIllustration() {
  const labels = homeTexts.illustration;
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="absolute -inset-8 -z-10 rounded-[2.5rem] bg-primary/10 blur-3xl" />
      <div className="grid aspect-[5/4] grid-cols-2 grid-rows-2 sm:grid-cols-[3fr_2fr] gap-3 rounded-3xl border border-border bg-card p-3 shadow-xl shadow-black/5 dark:shadow-black/30">
        <Tile
          label={labels.original}
          className="row-span-2 bg-gradient-to-br from-amber-200 via-rose-200 to-sky-300 dark:from-amber-500/40 dark:via-rose-500/30 dark:to-sky-600/40"
        />
        <Tile label={labels.whiteBackground} className="border border-border bg-white" />
        <Tile label={labels.transparent} className={`bg-card ${checkerboard}`} />
      </div>
    </div>
  );
}

/** A simple product silhouette: a bottle, drawn so it reads in both themes. */
function Subject() {
  return (
    <svg viewBox="0 0 100 125" className="absolute inset-0 m-auto h-4/5 w-4/5 drop-shadow-xl">
      <rect
        x="41"
        y="10"
        width="18"
        height="14"
        rx="3"
        className="fill-slate-700 dark:fill-slate-300"
      />
      <path
        d="M38 24h24v10c8 4 12 11 12 20v52c0 6-5 10-11 10H37c-6 0-11-4-11-10V54c0-9 4-16 12-20z"
        className="fill-indigo-500"
      />
      <rect x="33" y="62" width="34" height="30" rx="4" className="fill-white/90" />
      <rect x="39" y="70" width="22" height="3" rx="1.5" className="fill-indigo-300" />
      <rect x="39" y="77" width="15" height="3" rx="1.5" className="fill-indigo-200" />
    </svg>
  );
}

function HeroAction() {
  const session = useSession();
  if (session.status === 'signed-in') {
    return (
      <Button asChild size="lg">
        <Link to={paths.dashboard}>
          {heroTexts.goToDashboard}
          <ArrowRight aria-hidden="true" />
        </Link>
      </Button>
    );
  }
  // A plain anchor: the editor is on this page, and it works before the scripts load.
  return (
    <Button asChild size="lg">
      <a href={paths.editor}>
        {heroTexts.tryItNow}
        <ArrowRight aria-hidden="true" />
      </a>
    </Button>
  );
}

const welcomeToast = {
  id: 'welcome',
  title: homeMarketingTexts.welcomeTitle,
  description: homeMarketingTexts.welcomeDescription,
  durationMs: toastConfig.entryToastMs,
};

/** Spec §2 Home, in its order: hero, Why, comparison, editor (#editor). */
export default function HomeRoute() {
  useEntryToast(welcomeToast);
  return (
    <>
      <section className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-primary/[0.07] to-transparent"
        />
        <div className="mx-auto grid max-w-6xl items-center gap-14 px-4 pt-14 pb-20 sm:px-6 sm:pt-20 lg:grid-cols-2 lg:pb-28">
          <div>
            <Badge>{siteTexts.tagline}</Badge>
            <h1 className="mt-5 text-4xl font-semibold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {pageTexts.home.title}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-pretty text-muted-foreground">
              {pageTexts.home.description}
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <HeroAction />
              <Button asChild size="lg" variant="outline">
                <Link to={paths.pricing}>{navTexts.pricing}</Link>
              </Button>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <WhySection />
      <ComparisonSection />
      <EditorSection />
    </>
  );
}
