import { paths } from './paths.js';
import { siteTexts } from './site.js';

// The pages CMS (spec §2 Admin, Page Management and Dynamic content page; §3 Page; §4 page status;
// §5 page create, slug generator, SEO score; §7 Page API; §8 Pages; §9 page list size, default
// author). Zod-free: the SEO score and the slug rules run in the server and in the admin's
// dialog from this one file (decision 0090).

export const pageStatuses = ['draft', 'published', 'archived'] as const;
export type PageStatus = (typeof pageStatuses)[number];

export const pageTemplates = ['default', 'landing', 'blog', 'contact', 'about'] as const;
export type PageTemplate = (typeof pageTemplates)[number];

/** pages: the §7 Page API, under the server's /api prefix. */
export const pagesApiPaths = {
  list: '/api/pages',
  stats: '/api/pages/stats',
  page: (id: string) => `/api/pages/${encodeURIComponent(id)}`,
  /**
   * GET /api/pages/slug/{slug}: a slug starts with '/' and may hold more slashes
   * ('/guides/start'), so it follows the prefix as it is, segment by segment.
   */
  bySlug: (slug: string) =>
    `/api/pages/slug/${slug
      .replace(/^\/+/, '')
      .split('/')
      .map((part) => encodeURIComponent(part))
      .join('/')}`,
} as const;

/** The sitemap: the public pages and every published content page. */
export const sitemapPath = '/sitemap.xml';

/** Field lengths the server enforces (the spec gives none; decision 0090). */
export const pageLimits = {
  title: 200,
  slug: 200,
  content: 200_000,
  excerpt: 1000,
  metaTitle: 200,
  metaDescription: 500,
  metaKeywords: 500,
  featuredImage: 2048,
  author: 100,
  search: 200,
  maxPerPage: 100,
} as const;

/** Spec §8 Pages and §5 page create, verbatim; then the texts of the screen that the spec names. */
export const pagesTexts = {
  loadFailed: 'Failed to load pages',
  createFailed: 'Failed to create page',
  updateFailed: 'Failed to update page',
  deleteFailed: 'Failed to delete page',
  loadPageFailed: 'Failed to load page',
  created: 'Page created successfully',
  updated: 'Page updated successfully',
  deleted: 'Page deleted successfully',
  requiredFields: 'Please fill in all required fields',
  invalidSlug:
    'Invalid slug format. Slug must start with / and contain only letters, numbers, hyphens, and underscores',
  slugTaken: 'A page with this slug already exists',
  deleteTitle: 'Are you sure?',
  // Not quoted by the spec ("a permanent-deletion warning"), nor are the texts below.
  deleteWarning: (title: string) =>
    `This will permanently delete "${title}". This action cannot be undone.`,
  reservedSlug: (slug: string) =>
    `The address ${slug} belongs to the site itself (a product page, the admin, the dashboard, the API or its files). Choose another slug.`,
  slugShape: 'A slug cannot end with / or contain //',
  featuredImageUrl: 'The featured image must be an http(s) address or a path starting with /',
  notFound: 'Page not found',
  title: 'Page Management',
  intro: 'Create, edit and publish the content pages of the site.',
  addPage: 'Add Page',
  addTitle: 'Add New Page',
  editTitle: 'Edit Page',
  stats: { total: 'Total Pages', published: 'Published', draft: 'Draft', archived: 'Archived' },
  searchPlaceholder: 'Search pages...',
  searchLabel: 'Search pages',
  statusFilter: 'Status',
  templateFilter: 'Template',
  allStatuses: 'All Statuses',
  allTemplates: 'All Templates',
  columns: {
    title: 'Title',
    slug: 'Slug',
    status: 'Status',
    template: 'Template',
    seoScore: 'SEO Score',
    lastEdited: 'Last Edited',
    actions: 'Actions',
  },
  actions: { edit: 'Edit', preview: 'Preview', viewLive: 'View Live', delete: 'Delete' },
  viewLiveUnpublished: 'Only a published page can be viewed live',
  empty: 'No pages found.',
  loading: 'Loading pages...',
  previous: 'Previous',
  next: 'Next',
  showing: (from: number, to: number, total: number) =>
    `Showing ${from} to ${to} of ${total} pages`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
  tabs: { content: 'Content', seo: 'SEO', settings: 'Settings', preview: 'Preview' },
  fields: {
    title: 'Title',
    slug: 'Slug',
    generate: 'Generate',
    content: 'Content (HTML)',
    excerpt: 'Excerpt',
    metaTitle: 'Meta Title',
    metaDescription: 'Meta Description',
    metaKeywords: 'Meta Keywords',
    featuredImage: 'Featured Image URL',
    status: 'Status',
    template: 'Template',
    author: 'Author',
  },
  hints: {
    slug: 'Starts with /, e.g. /about-our-team. Letters, numbers, hyphens, underscores and /.',
    content: 'HTML. Scripts, event handlers, styles and unsafe links are removed when saved.',
    metaTitle: 'Best at 50–60 characters.',
    metaDescription: 'Best at 150–160 characters.',
    metaKeywords: 'Comma-separated.',
    characters: (n: number) => (n === 1 ? '1 character' : `${n} characters`),
  },
  preview: {
    summary: 'Summary',
    contentLength: 'Content length',
    seoScore: 'SEO Score',
    outOf: (score: number) => `${score}/100`,
    openPreview: 'Open full preview',
    savedOnly: 'The full preview shows the page as last saved.',
    none: 'None',
  },
  save: 'Save Page',
  saving: 'Saving...',
  create: 'Create Page',
  creating: 'Creating...',
  cancel: 'Cancel',
  deleting: 'Deleting...',
  previewBanner: (status: string) =>
    `Preview: this page is ${status} and only admins can see it here.`,
  by: (author: string) => `By ${author}`,
  statusLabels: { draft: 'Draft', published: 'Published', archived: 'Archived' },
  templateLabels: {
    default: 'Default',
    landing: 'Landing',
    blog: 'Blog',
    contact: 'Contact',
    about: 'About',
  },
} as const;

// --- Slugs (spec §5) ---------------------------------------------------------------------------

/** Starts with / and holds only letters, digits, hyphens, underscores and slashes (spec §5). */
export const slugPattern = /^\/[A-Za-z0-9_/-]*$/;

/**
 * The slug generator of spec §5: lowercase the title, drop characters other than letters,
 * digits, spaces and hyphens, spaces to hyphens, collapse repeated hyphens, prefix '/'. Leading
 * and trailing spaces and hyphens are trimmed so ' Hello ' gives '/hello', not '/-hello-'.
 */
export function generateSlug(title: string): string {
  const body = title
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `/${body}`;
}

/** How a visitor's address and a slug are compared: no trailing slash, case-insensitive. */
export function slugKey(slug: string): string {
  const trimmed = slug.length > 1 ? slug.replace(/\/+$/, '') : slug;
  return trimmed.toLowerCase();
}

/**
 * Addresses under which every path belongs to the product (its server endpoints, its admin,
 * dashboard and blog routes, its built files), so a content page there would be shadowed or
 * would pass for a product screen.
 */
export const reservedSlugPrefixes = [
  '/api',
  '/admin',
  '/dashboard',
  '/blog',
  '/users',
  '/assets',
  '/health',
  '/metrics',
  '/remove-background',
] as const;

/**
 * The web app's own routes (spec §2), the catch-all excepted: each string in `paths` (the
 * editor's '/#editor' is the home page). The server answers these with the app, and no content
 * page may take one of them. A function, not a constant: no code runs when a page's bundle
 * imports this module for something else (decision 0022's first-load budget).
 */
export function appRoutePaths(): string[] {
  const routes = new Set<string>();
  for (const value of Object.values(paths)) {
    if (typeof value === 'string') routes.add(value.split('#')[0] || '/');
  }
  return [...routes];
}

let appRouteKeys: Set<string> | undefined;

/** True when `pathname` is one of the app's own routes (React Router matches without case). */
export function isAppRoute(pathname: string): boolean {
  appRouteKeys ??= new Set(appRoutePaths().map((p) => p.toLowerCase()));
  return appRouteKeys.has(slugKey(pathname));
}

/** True when a page at `slug` would shadow the product's own routes or files. */
export function isReservedSlug(slug: string): boolean {
  const key = slugKey(slug);
  if (key === '/' || isAppRoute(key)) return true;
  return reservedSlugPrefixes.some((prefix) => key === prefix || key.startsWith(`${prefix}/`));
}

/**
 * The message for a slug the server refuses, or undefined when it may be used. The uniqueness
 * check needs the database and is the server's ('A page with this slug already exists').
 */
export function slugProblem(slug: string): string | undefined {
  if (!slugPattern.test(slug)) return pagesTexts.invalidSlug;
  if (slug.length > 1 && (slug.endsWith('/') || slug.includes('//'))) return pagesTexts.slugShape;
  if (isReservedSlug(slug)) return pagesTexts.reservedSlug(slug);
  return undefined;
}

// --- SEO score (spec §5, explained: issue 26, docs/decisions/0173) -----------------------------

export interface SeoScoreInput {
  meta_title?: string | null;
  meta_description?: string | null;
  meta_keywords?: string | null;
  slug?: string | null;
  content?: string | null;
  featured_image?: string | null;
  excerpt?: string | null;
}

export type SeoColour = 'green' | 'yellow' | 'red';

/** One check of the score: what it looked at, the points it gave of its maximum, what to do. */
export interface SeoCheck {
  id: 'title' | 'description' | 'slug' | 'headings' | 'content' | 'image' | 'excerpt' | 'keywords';
  label: string;
  points: number;
  max: number;
  /** What would earn the missing points; empty when the check has them all. */
  advice: string;
}

const length = (value: string | null | undefined) => (value ?? '').trim().length;

/**
 * The checks of the SEO score, each with its points, so the editor can say what a page lacks
 * (issue 26: a page with its meta title and description filled scored 25 without saying why).
 * The spec's §5 lengths stay; the weights make room for the slug and the headings, so a page with
 * a good title, description, slug, headings, content and image scores above 80:
 * title 20, description 20, slug 10, headings 10, content 15, image 10, excerpt 10, keywords 5.
 * Lengths are of the trimmed text; the content's is of its HTML, as the dialog shows it.
 */
export function seoChecks(page: SeoScoreInput): SeoCheck[] {
  const title = length(page.meta_title);
  const description = length(page.meta_description);
  const slug = (page.slug ?? '').trim();
  const content = page.content ?? '';
  const contentLength = length(content);
  const words = slug.replace(/^\//, '').split(/[-/]/).filter(Boolean);
  const headings = (content.match(/<h[1-3][\s>]/gi) ?? []).length;
  return [
    {
      id: 'title',
      label: 'Meta title',
      max: 20,
      points: title >= 50 && title <= 60 ? 20 : title >= 30 && title <= 70 ? 15 : title > 0 ? 5 : 0,
      advice:
        title === 0
          ? 'Add a meta title of 50–60 characters.'
          : title >= 50 && title <= 60
            ? ''
            : `Make the meta title 50–60 characters long (it has ${title}).`,
    },
    {
      id: 'description',
      label: 'Meta description',
      max: 20,
      points:
        description >= 150 && description <= 160
          ? 20
          : description >= 120 && description <= 200
            ? 15
            : description > 0
              ? 5
              : 0,
      advice:
        description === 0
          ? 'Add a meta description of 150–160 characters.'
          : description >= 150 && description <= 160
            ? ''
            : `Make the meta description 150–160 characters long (it has ${description}).`,
    },
    {
      id: 'slug',
      label: 'Address (slug)',
      max: 10,
      points: words.length >= 1 && words.length <= 6 && slug.length <= 60 ? 10 : 0,
      advice:
        words.length === 0
          ? 'Give the page an address of a few words, e.g. /about-our-team.'
          : words.length > 6 || slug.length > 60
            ? 'Shorten the address to at most six words and 60 characters.'
            : '',
    },
    {
      id: 'headings',
      label: 'Headings',
      max: 10,
      points: headings > 0 ? 10 : 0,
      advice: headings > 0 ? '' : 'Structure the content with headings (<h2>, <h3>).',
    },
    {
      id: 'content',
      label: 'Content length',
      max: 15,
      points: contentLength >= 300 ? 15 : contentLength >= 150 ? 10 : 5,
      advice:
        contentLength >= 300
          ? ''
          : `Write at least 300 characters of content (it has ${contentLength}).`,
    },
    {
      id: 'image',
      label: 'Featured image',
      max: 10,
      points: length(page.featured_image) > 0 ? 10 : 0,
      advice: length(page.featured_image) > 0 ? '' : 'Add a featured image URL.',
    },
    {
      id: 'excerpt',
      label: 'Excerpt',
      max: 10,
      points: length(page.excerpt) > 0 ? 10 : 0,
      advice: length(page.excerpt) > 0 ? '' : 'Add a short excerpt: lists and previews show it.',
    },
    {
      id: 'keywords',
      label: 'Meta keywords',
      max: 5,
      points: length(page.meta_keywords) > 0 ? 5 : 0,
      advice: length(page.meta_keywords) > 0 ? '' : 'Add a few meta keywords.',
    },
  ];
}

/** The SEO score out of 100: the sum of `seoChecks`' points. */
export function seoScore(page: SeoScoreInput): number {
  return Math.min(
    seoChecks(page).reduce((sum, check) => sum + check.points, 0),
    100,
  );
}

/** Spec §5: 80+ green, 60+ yellow, else red. */
export function seoColour(score: number): SeoColour {
  if (score >= 80) return 'green';
  if (score >= 60) return 'yellow';
  return 'red';
}

// --- Meta tags (spec §2 Dynamic content page) ---------------------------------------------------

export interface ContentPageMetaInput {
  title: string;
  slug: string;
  template: PageTemplate;
  excerpt: string;
  meta_title: string;
  meta_description: string;
  meta_keywords: string;
  featured_image: string;
}

export interface ContentPageMeta {
  title: string;
  description: string;
  keywords: string;
  /** Absolute. */
  canonical: string;
  /** Absolute, or '' without a featured image. */
  image: string;
  type: 'article' | 'website';
}

/**
 * The browser title, description, keywords and social-sharing tags of a content page, from its
 * meta fields (spec §2): the meta title, else '{title} | Cutout'; the meta description, else the
 * excerpt. The server writes them into the HTML it sends and the web app sets the same ones, so
 * crawlers that run no script and people who navigate in the app see one set.
 */
export function contentPageMeta(page: ContentPageMetaInput, origin: string): ContentPageMeta {
  const base = origin.replace(/\/+$/, '');
  const image = page.featured_image.trim();
  return {
    title: page.meta_title.trim() || siteTexts.documentTitle(page.title),
    description: page.meta_description.trim() || page.excerpt.trim(),
    keywords: page.meta_keywords.trim(),
    canonical: `${base}${page.slug}`,
    image: image === '' ? '' : image.startsWith('/') ? `${base}${image}` : image,
    type: page.template === 'blog' ? 'article' : 'website',
  };
}
