import { blogPosts } from './blog.js';
import { paths } from './paths.js';

// Kept apart from paths.ts: the list reads every blog post, and paths.ts is imported by every
// page's first-load code (decision 0022), which must not carry the articles' data.

/** Public pages whose HTML is rendered at build time, so crawlers and link previews see them. */
export const prerenderedPaths = [
  paths.home,
  paths.about,
  paths.api,
  paths.blog,
  paths.contact,
  paths.pricing,
  paths.privacy,
  paths.terms,
  paths.cookies,
  paths.documentation,
  paths.features,
  paths.tutorials,
  paths.signIn,
  paths.signUp,
  paths.forgotPassword,
  // Each article has its own page, with its own title and description in the HTML.
  ...blogPosts.map((post) => paths.blogPost(post.slug)),
] as const;
