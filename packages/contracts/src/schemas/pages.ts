import * as z from 'zod/mini';
import { limits } from '../limits.js';
import { pageLimits, pageStatuses, pagesTexts, pageTemplates, slugProblem } from '../pages.js';

// The §7 Page API: request and response schemas. The server validates with these (the first
// field's message becomes the error's message), and the admin's dialog reuses the rules of §5 —
// required title, slug and content ('Please fill in all required fields') and the slug format.

const tooLong = (field: string, max: number) => `${field} must be at most ${max} characters`;

/** A required text: trimmed; blank gives the spec's 'Please fill in all required fields'. */
const requiredText = (field: string, max: number) =>
  z
    .string({ error: pagesTexts.requiredFields })
    .check(
      z.trim(),
      z.minLength(1, pagesTexts.requiredFields),
      z.maxLength(max, tooLong(field, max)),
    );

/** An optional text, trimmed; absent is ''. */
const optionalText = (field: string, max: number) =>
  z._default(z.string().check(z.trim(), z.maxLength(max, tooLong(field, max))), '');

/** Spec §5's slug rules, then the site's own (no trailing or double slash, no reserved address). */
export const slugSchema = z.string({ error: pagesTexts.requiredFields }).check(
  z.trim(),
  z.minLength(1, pagesTexts.requiredFields),
  z.maxLength(pageLimits.slug, tooLong('Slug', pageLimits.slug)),
  z.superRefine((slug, ctx) => {
    const problem = slugProblem(slug);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: slug });
  }),
);

const featuredImageSchema = z._default(
  z.string().check(
    z.trim(),
    z.maxLength(pageLimits.featuredImage, tooLong('Featured image URL', pageLimits.featuredImage)),
    z.refine(
      (value) =>
        value === '' || /^\/(?!\/)\S*$/.test(value) || /^https?:\/\/[^\s/]+\S*$/i.test(value),
      pagesTexts.featuredImageUrl,
    ),
  ),
  '',
);

/** POST /api/pages and PUT /api/pages/{id} (the same fields, spec §7). */
export const pageBodySchema = z.object({
  title: requiredText('Title', pageLimits.title),
  slug: slugSchema,
  status: z._default(
    z.enum(pageStatuses, { error: 'Choose draft, published or archived' }),
    'draft',
  ),
  template: z._default(
    z.enum(pageTemplates, { error: 'Choose default, landing, blog, contact or about' }),
    'default',
  ),
  content: z.string({ error: pagesTexts.requiredFields }).check(
    z.minLength(1, pagesTexts.requiredFields),
    z.maxLength(pageLimits.content, tooLong('Content', pageLimits.content)),
    z.refine((value) => value.trim().length > 0, pagesTexts.requiredFields),
  ),
  excerpt: optionalText('Excerpt', pageLimits.excerpt),
  meta_title: optionalText('Meta title', pageLimits.metaTitle),
  meta_description: optionalText('Meta description', pageLimits.metaDescription),
  meta_keywords: optionalText('Meta keywords', pageLimits.metaKeywords),
  featured_image: featuredImageSchema,
  /** Spec §9: 'Admin' when left blank. */
  author: z._default(
    z.pipe(
      z
        .string()
        .check(z.trim(), z.maxLength(pageLimits.author, tooLong('Author', pageLimits.author))),
      z.transform((value) => value || limits.defaultPageAuthor),
    ),
    limits.defaultPageAuthor,
  ),
});
export type PageBody = z.input<typeof pageBodySchema>;
export type PageInput = z.output<typeof pageBodySchema>;

const pageFields = {
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  status: z.enum(pageStatuses),
  template: z.enum(pageTemplates),
  excerpt: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  meta_keywords: z.string(),
  featured_image: z.string(),
  author: z.string(),
  seo_score: z.int(),
  last_edited: z.string(),
  created_at: z.string(),
};

/** A page as a visitor gets it (GET /api/pages/slug/{slug}): its HTML is sanitized again. */
export const publicPageSchema = z.object({ ...pageFields, content: z.string() });
export type PublicPage = z.infer<typeof publicPageSchema>;

/** A page as the admin gets it: with who created and last edited it. */
export const pageSchema = z.object({
  ...pageFields,
  content: z.string(),
  created_by: z.nullable(z.string()),
  updated_by: z.nullable(z.string()),
});
export type Page = z.infer<typeof pageSchema>;

/** A row of the admin's list: everything but the HTML, which the Edit dialog loads by id. */
export const pageSummarySchema = z.object({
  ...pageFields,
  content_length: z.int(),
  created_by: z.nullable(z.string()),
  updated_by: z.nullable(z.string()),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

/** GET /api/pages: optional page, per_page, status, search, template (spec §7). */
export const pageListQuerySchema = z.object({
  page: z._default(
    z.coerce
      .number({ error: 'page must be a whole number from 1' })
      .check(
        z.int('page must be a whole number from 1'),
        z.minimum(1, 'page must be a whole number from 1'),
        z.maximum(1_000_000, 'page must be a whole number from 1'),
      ),
    1,
  ),
  per_page: z._default(
    z.coerce
      .number({ error: `per_page must be from 1 to ${pageLimits.maxPerPage}` })
      .check(
        z.int(`per_page must be from 1 to ${pageLimits.maxPerPage}`),
        z.minimum(1, `per_page must be from 1 to ${pageLimits.maxPerPage}`),
        z.maximum(pageLimits.maxPerPage, `per_page must be from 1 to ${pageLimits.maxPerPage}`),
      ),
    limits.pageListSize,
  ),
  status: z.optional(
    z.enum(pageStatuses, { error: 'status must be draft, published or archived' }),
  ),
  template: z.optional(
    z.enum(pageTemplates, { error: 'template must be default, landing, blog, contact or about' }),
  ),
  search: z.optional(
    z
      .string()
      .check(z.trim(), z.maxLength(pageLimits.search, tooLong('search', pageLimits.search))),
  ),
});
export type PageListQuery = z.input<typeof pageListQuerySchema>;

export const pageListResponseSchema = z.object({
  pages: z.array(pageSummarySchema),
  total: z.int(),
});
export type PageListResponse = z.infer<typeof pageListResponseSchema>;

export const pageStatsSchema = z.object({
  total: z.int(),
  published: z.int(),
  draft: z.int(),
  archived: z.int(),
});
export type PageStats = z.infer<typeof pageStatsSchema>;

export const pageIdParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(100)),
});

/** GET /api/pages/slug/{slug}: the slug's segments after the prefix; ?preview for admins. */
export const pageSlugParamsSchema = z.object({
  '*': z.string().check(z.maxLength(pageLimits.slug + 1)),
});
export const pageSlugQuerySchema = z.object({
  preview: z.optional(z.enum(['true', 'false', '1', '0'])),
});
