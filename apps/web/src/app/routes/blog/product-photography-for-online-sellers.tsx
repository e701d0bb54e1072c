import { body } from '../../../features/blog/articles/product-photography-for-online-sellers';
import { blogPostRoute } from '../../../features/blog/components/blog-post-page';

// An article's own route (blogPostRoute: features/blog/components/blog-post-page.tsx).
const route = blogPostRoute('product-photography-for-online-sellers', body);

export const meta = route.meta;
export default route.Page;
