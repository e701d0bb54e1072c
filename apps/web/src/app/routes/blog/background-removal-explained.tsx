import { body } from '../../../features/blog/articles/background-removal-explained';
import { blogPostRoute } from '../../../features/blog/components/blog-post-page';

// An article's own route (blogPostRoute: features/blog/components/blog-post-page.tsx).
const route = blogPostRoute('background-removal-explained', body);

export const meta = route.meta;
export default route.Page;
