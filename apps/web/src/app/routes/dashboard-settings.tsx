import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.dashboardSettings, { noindex: true });

export default function DashboardSettingsRoute() {
  return <PagePlaceholder page={pageTexts.dashboardSettings} variant="app" />;
}
