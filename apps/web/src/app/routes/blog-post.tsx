import { appTexts, findBlogPost } from '@cutout/contracts';
import { useParams } from 'react-router';
import { BlogPostPage } from '../../features/blog/components/blog-post-page';
import { NotFoundScreen } from '../../features/errors/components/not-found-screen';
import { pageMeta } from '../../lib/meta';

// /blog/{slug}: each of the six articles is prerendered with its own title, description and
// social tags; any other slug is the spec's not-found screen.
export const meta = ({ params }: { params: { slug?: string } }) => {
  const post = findBlogPost(params.slug);
  if (!post) {
    return pageMeta(
      { title: appTexts.notFound.title, description: appTexts.notFound.message },
      { noindex: true },
    );
  }
  return [
    ...pageMeta({ title: post.title, description: post.description }).filter(
      (tag) => !('property' in tag && tag.property === 'og:type'),
    ),
    { property: 'og:type', content: 'article' },
    { property: 'article:published_time', content: post.date },
    { property: 'article:section', content: post.category },
  ];
};

export default function BlogPostRoute() {
  const post = findBlogPost(useParams().slug);
  return post ? <BlogPostPage post={post} /> : <NotFoundScreen />;
}
