import { pageTexts } from '@cutout/contracts';
import { BlogPage } from '../../features/blog/components/blog-page';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.blog);

export default function BlogRoute() {
  return <BlogPage />;
}
