import { pageTexts, paths } from '@cutout/contracts';
import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { Button } from '../../components/ui/button';
import { ApiExamplesTabs } from '../../features/api-docs/components/api-examples-tabs';
import { ApiReference } from '../../features/api-docs/components/api-reference';
import { apiDocsTexts } from '../../features/api-docs/texts';
import { withRedirect } from '../../features/accounts/safe-redirect';
import { useSession } from '../../lib/auth/session';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.api);

function Actions() {
  const session = useSession();
  // Keys are created in the dashboard's settings; visitors without an account sign up first and
  // land there. Until the session has loaded the link is the sign-up one, which sends a visitor
  // who turns out to be signed in straight on to the settings.
  const keyTarget =
    session.status === 'signed-in'
      ? paths.dashboardSettings
      : withRedirect(paths.signUp, paths.dashboardSettings);
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Button asChild size="lg">
        <Link to={keyTarget}>{apiDocsTexts.getApiKey}</Link>
      </Button>
      <Button asChild size="lg" variant="outline">
        <Link to={paths.contact}>{apiDocsTexts.contactSales}</Link>
      </Button>
    </div>
  );
}

export default function ApiRoute() {
  const { auth, cta } = apiDocsTexts;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-24">
      <PageHeading page={pageTexts.api} />
      <div className="mt-8">
        <Actions />
      </div>

      <section
        aria-labelledby="auth-heading"
        className="mt-16 flex gap-4 rounded-2xl border border-border bg-subtle p-5 sm:p-6"
      >
        <KeyRound aria-hidden="true" className="mt-1 size-5 shrink-0 text-primary" />
        <div className="min-w-0">
          <h2 id="auth-heading" className="text-xl font-semibold tracking-tight">
            {auth.title}
          </h2>
          <p className="mt-2 text-pretty text-muted-foreground">{auth.body}</p>
          <p className="mt-3 overflow-x-auto">
            <code className="rounded-md bg-card px-2 py-1 font-mono text-[13px] ring-1 ring-border whitespace-nowrap">
              {auth.header}
            </code>
          </p>
          <p className="mt-3 text-sm text-muted-foreground">{auth.credits}</p>
        </div>
      </section>

      <ApiExamplesTabs />
      <ApiReference />

      <section
        aria-labelledby="api-cta-heading"
        className="mt-24 flex flex-col items-center rounded-3xl bg-primary/5 px-6 py-12 text-center ring-1 ring-primary/15 ring-inset sm:py-16"
      >
        <h2 id="api-cta-heading" className="text-3xl font-semibold tracking-tight text-balance">
          {cta.title}
        </h2>
        <p className="mx-auto mt-3 mb-8 max-w-xl text-pretty text-muted-foreground">{cta.body}</p>
        <Actions />
      </section>
    </div>
  );
}
