import { pagesTexts, type PublicPage } from '@cutout/contracts';
import { Eye } from 'lucide-react';
import { cn } from '../../../lib/cn';
import './page-content.css';
import { formatDate } from '../../../lib/format-date';

// A content page by its template (spec §2 Dynamic content page): landing = a hero with the
// featured image, title and excerpt over the content; blog = title, excerpt, 'By {author}',
// date and image; about = centred, with excerpt and image; default and contact = title and
// content. The same component renders the live page and an admin's preview, so a draft looks
// exactly as it will once published.

/**
 * The page's HTML. The server sanitized it when it was saved and again when it answered this
 * request (an allow-list: no scripts, event handlers, styles or unsafe URLs; decision 0091), so
 * it is inserted as it is, as the spec says.
 */
function PageHtml({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={cn('page-content', className)}
      data-testid="page-content"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

function PreviewBanner({ status }: { status: PublicPage['status'] }) {
  return (
    <div
      role="note"
      className="flex items-center justify-center gap-2 border-b border-amber-500/30 bg-amber-500/10 px-4 py-2 text-center text-sm text-amber-800 dark:text-amber-200"
    >
      <Eye aria-hidden="true" className="size-4 shrink-0" />
      {pagesTexts.previewBanner(pagesTexts.statusLabels[status].toLowerCase())}
    </div>
  );
}

function Landing({ page }: { page: PublicPage }) {
  return (
    <>
      <section className="relative isolate overflow-hidden bg-foreground text-background">
        {page.featured_image ? (
          <img
            src={page.featured_image}
            alt=""
            className="absolute inset-0 -z-10 size-full object-cover opacity-45"
          />
        ) : null}
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/70 via-black/30 to-black/10" />
        <div className="mx-auto flex min-h-[22rem] w-full max-w-5xl flex-col justify-end px-4 py-16 sm:min-h-[28rem] sm:px-6 sm:py-24">
          <h1 className="max-w-3xl text-4xl font-semibold tracking-tight text-balance text-white sm:text-6xl">
            {page.title}
          </h1>
          {page.excerpt ? (
            <p className="mt-5 max-w-2xl text-lg text-pretty text-white/85 sm:text-xl">
              {page.excerpt}
            </p>
          ) : null}
        </div>
      </section>
      <div className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
        <PageHtml html={page.content} />
      </div>
    </>
  );
}

function Blog({ page }: { page: PublicPage }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <header>
        <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-5xl">
          {page.title}
        </h1>
        {page.excerpt ? (
          <p className="mt-4 text-lg text-pretty text-muted-foreground">{page.excerpt}</p>
        ) : null}
        <p className="mt-5 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{pagesTexts.by(page.author)}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={page.last_edited}>{formatDate(page.last_edited, 'long')}</time>
        </p>
        {page.featured_image ? (
          <img
            src={page.featured_image}
            alt={page.title}
            className="mt-8 aspect-[2/1] w-full rounded-2xl border border-border object-cover"
          />
        ) : null}
      </header>
      <PageHtml html={page.content} className="mt-10" />
    </article>
  );
}

function About({ page }: { page: PublicPage }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 text-center sm:px-6 sm:py-20">
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-5xl">
        {page.title}
      </h1>
      {page.excerpt ? (
        <p className="mx-auto mt-5 max-w-2xl text-lg text-pretty text-muted-foreground">
          {page.excerpt}
        </p>
      ) : null}
      {page.featured_image ? (
        <img
          src={page.featured_image}
          alt={page.title}
          className="mx-auto mt-10 max-h-96 rounded-2xl border border-border object-cover"
        />
      ) : null}
      <PageHtml html={page.content} className="mx-auto mt-10 text-left" />
    </article>
  );
}

function Plain({ page }: { page: PublicPage }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="text-3xl font-semibold tracking-tight text-balance sm:text-4xl">
        {page.title}
      </h1>
      <PageHtml html={page.content} className="mt-8" />
    </article>
  );
}

export function ContentPageView({ page }: { page: PublicPage }) {
  const body =
    page.template === 'landing' ? (
      <Landing page={page} />
    ) : page.template === 'blog' ? (
      <Blog page={page} />
    ) : page.template === 'about' ? (
      <About page={page} />
    ) : (
      <Plain page={page} />
    );
  return (
    <div className="flex flex-1 flex-col" data-template={page.template}>
      {page.status !== 'published' ? <PreviewBanner status={page.status} /> : null}
      {body}
    </div>
  );
}
