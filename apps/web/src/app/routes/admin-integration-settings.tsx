import { integrationTexts, pageTexts } from '@cutout/contracts';
import { PageHeading } from '../../components/page-heading';
import { IntegrationSettings } from '../../features/admin/components/integration-settings';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminIntegrationSettings, { noindex: true });

/** /admin/integration-settings: payment provider, SMTP, Turnstile and public URL (issue 14). */
export default function AdminIntegrationSettingsRoute() {
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10 sm:px-6">
      <PageHeading page={pageTexts.adminIntegrationSettings} variant="app" />
      <p className="mt-2 text-sm text-muted-foreground">{integrationTexts.intro}</p>
      <IntegrationSettings />
    </div>
  );
}
