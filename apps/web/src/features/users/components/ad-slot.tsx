import { creditsTexts, paths } from '@cutout/contracts';
import { Layers } from 'lucide-react';
import { Link } from 'react-router';
import { dashboardTexts } from '../texts';

/**
 * The free tier's ad placeholder (spec §1, §2, §6: free users see ads). Cutout has no ad network:
 * the slot keeps its size and label, and shows Cutout's own offer instead of a third party's —
 * no outside script, cookie or tracking (docs/decisions/0077-ad-slot-without-an-ad-network.md).
 */
export function AdSlot() {
  return (
    <aside
      aria-label={dashboardTexts.ad.label}
      data-testid="ad-slot"
      className="mt-6 flex min-h-32 flex-col justify-between gap-4 rounded-2xl border border-dashed border-border bg-subtle p-5 sm:flex-row sm:items-center"
    >
      <div className="flex gap-4">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-background text-muted-foreground ring-1 ring-border">
          <Layers aria-hidden="true" className="size-5" />
        </span>
        <div>
          <p className="text-[11px] font-medium tracking-wider text-muted-foreground uppercase">
            {dashboardTexts.ad.label}
          </p>
          <p className="mt-1 font-medium">{dashboardTexts.ad.title}</p>
          <p className="mt-1 max-w-xl text-sm text-muted-foreground">{dashboardTexts.ad.body}</p>
        </div>
      </div>
      <Link
        to={paths.pricing}
        className="shrink-0 text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        {creditsTexts.removeAds}
      </Link>
    </aside>
  );
}
