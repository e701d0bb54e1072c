import { blogPosts, pageTexts } from '@cutout/contracts';
import { PageHeading } from '../../../components/page-heading';
import { NewsletterForm } from './newsletter-form';
import { PostCard } from './post-card';

/** /blog (spec §2 Blog): the six articles and the newsletter box. */
export function BlogPage() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
      <PageHeading page={pageTexts.blog} />
      <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {blogPosts.map((post, index) => (
          <PostCard key={post.id} post={post} belowFold={index >= 3} />
        ))}
      </div>
      <NewsletterForm className="mt-16" />
    </div>
  );
}
