import { body } from '../../../features/blog/articles/how-segmentation-models-handle-hair-and-edges';
import { blogPostRoute } from '../../../features/blog/components/blog-post-page';

// An article's own route (blogPostRoute: features/blog/components/blog-post-page.tsx).
const route = blogPostRoute('how-segmentation-models-handle-hair-and-edges', body);

export const meta = route.meta;
export default route.Page;
