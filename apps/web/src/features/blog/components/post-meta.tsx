import { blogTexts, type BlogPost } from '@cutout/contracts';
import { cn } from '../../../lib/cn';

/** Category, date and read time of a post. */
export function PostMeta({ post, className }: { post: BlogPost; className?: string }) {
  return (
    <p
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground',
        className,
      )}
    >
      <span className="rounded-full bg-primary/10 px-2.5 py-0.5 font-medium text-primary ring-1 ring-primary/20 ring-inset">
        {post.category}
      </span>
      <time dateTime={post.date}>{blogTexts.formatDate(post.date)}</time>
      <span aria-hidden="true">·</span>
      <span>{blogTexts.readTime(post.readTimeMinutes)}</span>
    </p>
  );
}
