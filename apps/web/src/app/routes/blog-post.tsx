import { pageTexts } from '@cutout/contracts';
import { PagePlaceholder } from '../../components/page-placeholder';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.blogPost);

export default function BlogPostRoute() {
  return <PagePlaceholder page={pageTexts.blogPost} variant="marketing" />;
}
