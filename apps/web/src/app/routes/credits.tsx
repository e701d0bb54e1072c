import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.credits, { noindex: true });

export default function CreditsRoute() {
  return <PagePlaceholder page={pageTexts.credits} variant="app" />;
}
