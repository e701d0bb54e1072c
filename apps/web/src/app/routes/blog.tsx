import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.blog);

export default function BlogRoute() {
  return <PagePlaceholder page={pageTexts.blog} variant="marketing" />;
}
