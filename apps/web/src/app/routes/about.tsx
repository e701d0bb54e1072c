import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.about);

export default function AboutRoute() {
  return <PagePlaceholder page={pageTexts.about} variant="marketing" />;
}
