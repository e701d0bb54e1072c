import { freeTryTexts, paths, type Job } from '@cutout/contracts';
import { Gift } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';

/**
 * Beside a signed-out visitor's editor (decision 0155): before a result, what the free try is;
 * after it, that it is a preview, with 'Sign up for full resolution' and the free credits.
 */
export function FreeTryOffer({ job }: { job: Job | null }) {
  return (
    <section
      aria-label={freeTryTexts.signUpForFull}
      className="flex flex-col gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4 text-sm sm:flex-row sm:items-center sm:justify-between sm:p-5"
      data-testid="free-try-offer"
    >
      <div className="flex items-start gap-3">
        <Gift aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div>
          {job ? (
            <>
              <p className="font-semibold">{freeTryTexts.previewTitle}</p>
              <p className="mt-1 text-muted-foreground">
                {freeTryTexts.previewBody(job.width, job.height)}
              </p>
            </>
          ) : (
            <p className="text-muted-foreground">{freeTryTexts.anonymousPitch}</p>
          )}
          <p className="mt-1 font-medium" data-testid="free-credits-offer">
            {freeTryTexts.freeCredits}
          </p>
        </div>
      </div>
      <Button asChild size="sm" className="shrink-0">
        <Link to={paths.signUp}>{freeTryTexts.signUpForFull}</Link>
      </Button>
    </section>
  );
}
