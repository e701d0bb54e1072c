import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminIntegrationSettings, { noindex: true });

export default function AdminIntegrationSettingsRoute() {
  return <PagePlaceholder page={pageTexts.adminIntegrationSettings} variant="app" />;
}
