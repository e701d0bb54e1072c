import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.adminSettings, { noindex: true });

export default function AdminSettingsRoute() {
  return <PagePlaceholder page={pageTexts.adminSettings} variant="app" />;
}
