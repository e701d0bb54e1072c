import { blogPosts, blogTexts, findBlogPost, paths, type BlogPost } from '@cutout/contracts';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import type { ArticleBody } from '../article-content';
import { pageMeta } from '../../../lib/meta';
import { ArticleBodyView } from './article-body';
import { BlogArt } from './blog-art';
import { NewsletterForm } from './newsletter-form';
import { PostCard } from './post-card';
import { PostMeta } from './post-meta';

/** The posts to suggest after `post`: the next older ones, wrapping round to the newest. */
function otherPosts(post: BlogPost, count: number): BlogPost[] {
  const start = blogPosts.indexOf(post);
  return Array.from({ length: count }, (_, i) => blogPosts[(start + 1 + i) % blogPosts.length]!);
}

/** /blog/{slug}: one article in full. */
export function BlogPostPage({ post, body }: { post: BlogPost; body: ArticleBody }) {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <article className="mx-auto max-w-3xl">
        <Link
          to={paths.blog}
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          {blogTexts.backToBlog}
        </Link>
        <header className="mt-6">
          <PostMeta post={post} />
          <h1 className="mt-4 text-3xl font-semibold tracking-tight text-balance sm:text-4xl lg:text-5xl">
            {post.title}
          </h1>
          <p className="mt-4 text-lg text-pretty text-muted-foreground">{post.description}</p>
        </header>
        <div className="mt-8 overflow-hidden rounded-2xl border">
          <BlogArt art={post.image.art} alt={post.image.alt} />
        </div>
        <div className="mt-6">
          <ArticleBodyView body={body} />
        </div>
      </article>

      <section aria-labelledby="more-articles" className="mt-20">
        <h2 id="more-articles" className="text-2xl font-semibold tracking-tight">
          {blogTexts.moreArticles}
        </h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {otherPosts(post, 3).map((other) => (
            <PostCard key={other.id} post={other} headingLevel="h3" belowFold />
          ))}
        </div>
      </section>
      <NewsletterForm className="mt-16" />
    </div>
  );
}

/** An article's own title, description and social tags. */
export function blogPostMeta(post: BlogPost) {
  return [
    ...pageMeta({ title: post.title, description: post.description }).filter(
      (tag) => !('property' in tag && tag.property === 'og:type'),
    ),
    { property: 'og:type', content: 'article' },
    { property: 'article:published_time', content: post.date },
    { property: 'article:section', content: post.category },
  ];
}

/**
 * What an article's route module exports (app/routes/blog/{slug}.tsx). Each article has a route
 * of its own, so that its page loads its own text and not all six (docs/decisions/0240).
 */
export function blogPostRoute(slug: string, body: ArticleBody) {
  const post = findBlogPost(slug);
  if (!post) throw new Error(`No blog post '${slug}' in the contracts' blogPosts`);
  const Page = () => <BlogPostPage post={post} body={body} />;
  return { meta: () => blogPostMeta(post), Page };
}
