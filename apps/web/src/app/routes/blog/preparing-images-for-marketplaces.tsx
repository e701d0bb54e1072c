import { body } from '../../../features/blog/articles/preparing-images-for-marketplaces';
import { blogPostRoute } from '../../../features/blog/components/blog-post-page';

// An article's own route (blogPostRoute: features/blog/components/blog-post-page.tsx).
const route = blogPostRoute('preparing-images-for-marketplaces', body);

export const meta = route.meta;
export default route.Page;
