import { blogPosts, findBlogPost, prerenderedPaths } from '@cutout/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import BlogRoute from '../../app/routes/blog';
import UnknownBlogPostRoute, { meta as unknownMeta } from '../../app/routes/blog-post';
import HairAndEdgesRoute, {
  meta,
} from '../../app/routes/blog/how-segmentation-models-handle-hair-and-edges';
import { renderRoutes } from '../../test/render';
import { wordCount, type ArticleBody } from './article-content';

const bodyFiles = import.meta.glob<ArticleBody>('./articles/*.ts', {
  eager: true,
  import: 'body',
});
const articleBodies = Object.fromEntries(
  Object.entries(bodyFiles).map(([file, body]) => [file.slice('./articles/'.length, -3), body]),
);
const articleRoutes = Object.keys(import.meta.glob('../../app/routes/blog/*.tsx')).map((file) =>
  file.slice('../../app/routes/blog/'.length, -4),
);

describe('blog content', () => {
  it('has six posts with every field of spec §3, unique ids and slugs, each with a body', () => {
    expect(blogPosts).toHaveLength(6);
    expect(new Set(blogPosts.map((p) => p.id)).size).toBe(6);
    expect(new Set(blogPosts.map((p) => p.slug)).size).toBe(6);
    for (const post of blogPosts) {
      expect(post.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(post.date).toMatch(/^\d{4}-\d\d-\d\d$/);
      expect(post.image.alt.length).toBeGreaterThan(10);
      expect(post.description.length).toBeLessThanOrEqual(200);
      expect(articleBodies[post.slug]?.length).toBeGreaterThan(5);
    }
    expect(Object.keys(articleBodies).sort()).toEqual(blogPosts.map((p) => p.slug).sort());
    // Each article is a route of its own (docs/decisions/0240).
    expect(articleRoutes.sort()).toEqual(blogPosts.map((p) => p.slug).sort());
  });

  it('states each read time from the words (about 200 a minute)', () => {
    for (const post of blogPosts) {
      const words = wordCount(articleBodies[post.slug]!);
      expect(post.readTimeMinutes, post.slug).toBe(Math.max(1, Math.round(words / 200)));
    }
  });

  it('prerenders every article', () => {
    for (const post of blogPosts) expect(prerenderedPaths).toContain(`/blog/${post.slug}`);
  });
});

describe('blog pages', () => {
  const routes = [
    { path: '/blog', element: <BlogRoute /> },
    {
      path: '/blog/how-segmentation-models-handle-hair-and-edges',
      element: <HairAndEdgesRoute />,
    },
    { path: '/blog/:slug', element: <UnknownBlogPostRoute /> },
  ];

  it('lists the six articles, each linking to its page', () => {
    renderRoutes(routes, { path: '/blog' });
    const articles = screen.getAllByRole('article');
    expect(articles).toHaveLength(6);
    for (const [i, post] of blogPosts.entries()) {
      const card = articles[i]!;
      expect(within(card).getByRole('link', { name: post.title })).toHaveAttribute(
        'href',
        `/blog/${post.slug}`,
      );
      expect(within(card).getByRole('img', { name: post.image.alt })).toBeInTheDocument();
      expect(within(card).getByText(post.category)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('shows an article in full with its own meta tags', () => {
    const post = findBlogPost('how-segmentation-models-handle-hair-and-edges')!;
    renderRoutes(routes, { path: `/blog/${post.slug}` });
    expect(screen.getByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Colour decontamination, or why halos happen' }));
    expect(within(screen.getByRole('banner')).getByText('4 min read')).toBeInTheDocument();
    const tags = meta();
    expect(tags).toContainEqual({ title: `${post.title} | Cutout` });
    expect(tags).toContainEqual({ name: 'description', content: post.description });
    expect(tags).toContainEqual({ property: 'og:type', content: 'article' });
  });

  it("shows 'Page Not Found' for an unknown slug", () => {
    renderRoutes(routes, { path: '/blog/no-such-article' });
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(unknownMeta()).toContainEqual({
      name: 'robots',
      content: 'noindex',
    });
  });
});
