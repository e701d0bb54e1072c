import { body } from '../../../features/blog/articles/transparent-png-or-white-background';
import { blogPostRoute } from '../../../features/blog/components/blog-post-page';

// An article's own route (blogPostRoute: features/blog/components/blog-post-page.tsx).
const route = blogPostRoute('transparent-png-or-white-background', body);

export const meta = route.meta;
export default route.Page;
