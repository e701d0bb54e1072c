import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.documentation);

export default function DocumentationRoute() {
  return <PagePlaceholder page={pageTexts.documentation} variant="marketing" />;
}
