import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.api);

export default function ApiRoute() {
  return <PagePlaceholder page={pageTexts.api} variant="marketing" />;
}
