import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.features);

export default function FeaturesRoute() {
  return <PagePlaceholder page={pageTexts.features} variant="marketing" />;
}
