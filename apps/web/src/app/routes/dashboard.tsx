import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.dashboard, { noindex: true });

export default function DashboardRoute() {
  return <PagePlaceholder page={pageTexts.dashboard} variant="app" />;
}
