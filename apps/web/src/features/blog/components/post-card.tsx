import { blogTexts, paths, type BlogPost } from '@cutout/contracts';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../../lib/cn';
import { BlogArt } from './blog-art';
import { PostMeta } from './post-meta';

/**
 * One post in the list. The whole card is clickable through the title link's overlay. Cards
 * below the fold skip rendering work until they are scrolled near (`content-visibility`).
 */
export function PostCard({
  post,
  belowFold = false,
  headingLevel: Heading = 'h2',
}: {
  post: BlogPost;
  belowFold?: boolean;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <article
      className={cn(
        'group relative flex flex-col overflow-hidden rounded-2xl border bg-card transition-shadow hover:shadow-lg hover:shadow-black/5 dark:hover:shadow-black/30',
        belowFold && '[contain-intrinsic-size:auto_440px] [content-visibility:auto]',
      )}
    >
      <div className="overflow-hidden border-b">
        <BlogArt
          art={post.image.art}
          alt={post.image.alt}
          className="transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <PostMeta post={post} />
        <Heading className="mt-3 text-lg leading-snug font-semibold tracking-tight text-balance">
          <Link
            to={paths.blogPost(post.slug)}
            className="outline-none after:absolute after:inset-0 after:rounded-2xl focus-visible:after:ring-2 focus-visible:after:ring-ring"
          >
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm text-pretty text-muted-foreground">
          {post.description}
        </p>
        <span
          aria-hidden="true"
          className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-medium text-primary"
        >
          {blogTexts.readArticle}
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
        </span>
      </div>
    </article>
  );
}
