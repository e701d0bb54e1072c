import { body } from '../../../features/blog/articles/automate-your-catalogue-with-the-api';
import { blogPostRoute } from '../../../features/blog/components/blog-post-page';

// An article's own route (blogPostRoute: features/blog/components/blog-post-page.tsx).
const route = blogPostRoute('automate-your-catalogue-with-the-api', body);

export const meta = route.meta;
export default route.Page;
