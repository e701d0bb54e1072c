// The blog (spec §2 Blog, §3: id, title, description, image, date, read time, category, slug) and
// its newsletter box. Zod-free on purpose: the blog pages import from here and must not load zod
// on first load (docs/decisions/0022). The articles' full text lives with the web app
// (apps/web/src/features/blog/articles); only what other parts need — slugs for prerendering,
// titles and descriptions for <meta> — is here.

/** Which drawn illustration a post shows; the web app draws each as inline SVG (nothing downloaded). */
export const blogArtKinds = [
  'cutout',
  'product',
  'marketplace',
  'hair',
  'transparency',
  'api',
] as const;
export type BlogArtKind = (typeof blogArtKinds)[number];

export const blogCategories = [
  'Guides',
  'Product photography',
  'E-commerce',
  'Behind the model',
  'Developers',
] as const;
export type BlogCategory = (typeof blogCategories)[number];

export interface BlogPost {
  readonly id: number;
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  /** The picture at the top of the card and the article: a drawn illustration and its alt text. */
  readonly image: { readonly art: BlogArtKind; readonly alt: string };
  /** Publication date, YYYY-MM-DD. */
  readonly date: string;
  readonly readTimeMinutes: number;
  readonly category: BlogCategory;
}

/** The six articles, newest first. */
export const blogPosts: readonly BlogPost[] = [
  {
    id: 6,
    slug: 'automate-your-catalogue-with-the-api',
    title: 'Automating a product catalogue with the background-removal API',
    description:
      'A practical pipeline for thousands of product photos: batching, retries, idempotency, naming and checking results before they go live.',
    image: {
      art: 'api',
      alt: 'A terminal window sending product photos to an API and receiving cutouts',
    },
    date: '2026-10-28',
    readTimeMinutes: 3,
    category: 'Developers',
  },
  {
    id: 5,
    slug: 'transparent-png-or-white-background',
    title: 'Transparent PNG or white background: which one to use where',
    description:
      'The three results Cutout gives you serve different jobs. Here is when a transparent PNG is right, when plain white wins, and why refined edges matter for both.',
    image: {
      art: 'transparency',
      alt: 'The same sneaker on a checkerboard, on white and on a coloured banner',
    },
    date: '2026-10-07',
    readTimeMinutes: 3,
    category: 'Guides',
  },
  {
    id: 4,
    slug: 'how-segmentation-models-handle-hair-and-edges',
    title: 'How segmentation models handle hair, fur and soft edges',
    description:
      'Why a strand of hair is the hardest pixel in the photo, what a soft alpha mask is, and how edge refinement and colour decontamination stop halos.',
    image: {
      art: 'hair',
      alt: 'A portrait silhouette with flowing hair and a grid of mask pixels',
    },
    date: '2026-09-16',
    readTimeMinutes: 4,
    category: 'Behind the model',
  },
  {
    id: 3,
    slug: 'preparing-images-for-marketplaces',
    title: 'Preparing product images for Amazon, Etsy, eBay and Shopify',
    description:
      'Marketplaces reject or bury listings with the wrong main image. A checklist for size, background, framing and file format before you upload.',
    image: {
      art: 'marketplace',
      alt: 'A product listing grid with one highlighted card and a checklist',
    },
    date: '2026-08-26',
    readTimeMinutes: 3,
    category: 'E-commerce',
  },
  {
    id: 2,
    slug: 'product-photography-for-online-sellers',
    title: 'Product photography for online sellers on a small budget',
    description:
      'Window light, a sheet of card and a phone go a long way. How to shoot photos that cut out cleanly and look consistent across a whole shop.',
    image: {
      art: 'product',
      alt: 'A phone on a tripod photographing a mug in front of a paper sweep',
    },
    date: '2026-08-05',
    readTimeMinutes: 4,
    category: 'Product photography',
  },
  {
    id: 1,
    slug: 'background-removal-explained',
    title: 'Background removal, explained: from magic wand to neural networks',
    description:
      'What actually happens when a tool removes a background: masks, alpha, why colour keys and magic wands fail on real photos, and what AI segmentation does instead.',
    image: {
      art: 'cutout',
      alt: 'A photo split in two: the original scene and the subject cut out',
    },
    date: '2026-07-15',
    readTimeMinutes: 4,
    category: 'Guides',
  },
];

export function findBlogPost(slug: string | undefined): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}

/**
 * The spec's "simple address pattern" for e-mail (§5 Contact): something, an @, something, a dot,
 * something, no spaces. Used by the newsletter box and the contact form on both sides.
 */
export const simpleEmailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const blogTexts = {
  readTime: (minutes: number) => `${minutes} min read`,
  readArticle: 'Read article',
  backToBlog: 'Back to blog',
  moreArticles: 'More articles',
  published: 'Published',
  formatDate: (isoDate: string) =>
    new Date(`${isoDate}T12:00:00Z`).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }),
} as const;

export const newsletterTexts = {
  heading: 'Get new articles by e-mail',
  intro: 'Leave your address and we will write when a new guide is published. Nothing else.',
  emailLabel: 'Email address',
  placeholder: 'you@example.com',
  /** The spec's button (§2 Blog). */
  subscribe: 'Subscribe',
  subscribing: 'Subscribing...',
  /** The same answer whether the address is new, waiting or confirmed. */
  subscribed:
    'Almost done: we sent you an e-mail. Open its link to confirm, and we will write when the next article is out.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  failed: 'Could not subscribe',
} as const;

/**
 * /newsletter, reached from the confirmation mail's links (double opt-in, decision 0261). Apart
 * from newsletterTexts, which every blog page loads: only that page and the server use these.
 */
export const newsletterLinkTexts = {
  confirmHeading: 'Confirm your subscription',
  confirmIntro: 'One click and we will e-mail you when a new article is published. Nothing else.',
  confirmButton: 'Confirm subscription',
  confirmed: 'Your subscription is confirmed. We will write when the next article is out.',
  unsubscribeHeading: 'Leave the newsletter',
  unsubscribeIntro: 'Your address will be removed from the list, and we will not write again.',
  unsubscribeButton: 'Unsubscribe',
  unsubscribed: 'You are unsubscribed: your address is no longer on the list.',
  invalidLink:
    'This link is not valid (any more). Subscribe again from the blog if you want our articles.',
  noLink: 'Open this page from the link in our e-mail, or subscribe from the blog.',
  toBlog: 'Go to the blog',
} as const;
