import { describe, expect, it } from 'vitest';
import {
  appRoutePaths,
  contentPageMeta,
  generateSlug,
  isAppRoute,
  isReservedSlug,
  pageBodySchema,
  pagesApiPaths,
  pagesTexts,
  paths,
  seoColour,
  seoScore,
  slugProblem,
} from './index.js';

const x = (n: number) => 'x'.repeat(n);

describe('seoScore (spec §5)', () => {
  it('scores nothing but the content floor for an empty page', () => {
    expect(seoScore({})).toBe(5);
    expect(seoScore({ content: x(10) })).toBe(5);
  });

  it('scores the meta title by length: 50–60 → 20, 30–70 → 15, otherwise 5 when present', () => {
    const only = (n: number) => seoScore({ meta_title: x(n) }) - 5;
    expect([only(50), only(55), only(60)]).toEqual([20, 20, 20]);
    expect([only(30), only(49), only(61), only(70)]).toEqual([15, 15, 15, 15]);
    expect([only(1), only(29), only(71), only(0)]).toEqual([5, 5, 5, 0]);
    // Trimmed: spaces do not count.
    expect(seoScore({ meta_title: `  ${x(50)}  ` }) - 5).toBe(20);
  });

  it('scores the meta description: 150–160 → 20, 120–200 → 15, otherwise 5 when present', () => {
    const only = (n: number) => seoScore({ meta_description: x(n) }) - 5;
    expect([only(150), only(160)]).toEqual([20, 20]);
    expect([only(120), only(149), only(161), only(200)]).toEqual([15, 15, 15, 15]);
    expect([only(1), only(119), only(201)]).toEqual([5, 5, 5]);
  });

  it('scores keywords 10, content 300+ → 20 / 150+ → 10 / else 5, image 10, excerpt 10', () => {
    expect(seoScore({ meta_keywords: 'a' })).toBe(15);
    expect(seoScore({ content: x(300) })).toBe(20);
    expect(seoScore({ content: x(299) })).toBe(10);
    expect(seoScore({ content: x(150) })).toBe(10);
    expect(seoScore({ content: x(149) })).toBe(5);
    expect(seoScore({ featured_image: '/a.png' })).toBe(15);
    expect(seoScore({ excerpt: 'e' })).toBe(15);
  });

  it('adds up to at most 90 and never passes 100', () => {
    const best = seoScore({
      meta_title: x(55),
      meta_description: x(155),
      meta_keywords: 'k',
      content: x(1000),
      featured_image: '/a.png',
      excerpt: 'e',
    });
    expect(best).toBe(90);
    expect(best).toBeLessThanOrEqual(100);
  });

  it('colours 80+ green, 60+ yellow, else red', () => {
    expect([
      seoColour(100),
      seoColour(80),
      seoColour(79),
      seoColour(60),
      seoColour(59),
      seoColour(0),
    ]).toEqual(['green', 'green', 'yellow', 'yellow', 'red', 'red']);
  });
});

describe('generateSlug (spec §5)', () => {
  it('lowercases, drops other characters, turns spaces into hyphens and prefixes /', () => {
    expect(generateSlug('About Our Team')).toBe('/about-our-team');
    expect(generateSlug('Spring Sale: 50% off!')).toBe('/spring-sale-50-off');
    expect(generateSlug('a  -  b---c')).toBe('/a-b-c');
    expect(generateSlug('  Hello  ')).toBe('/hello');
    expect(generateSlug('Crème brûlée')).toBe('/crme-brle');
    expect(generateSlug('')).toBe('/');
  });
});

describe('slug rules', () => {
  it('gives the spec message for a bad format', () => {
    for (const slug of ['about', '/a b', '/a.b', '/ü', '']) {
      expect(slugProblem(slug), slug).toBe(pagesTexts.invalidSlug);
    }
    expect(slugProblem('/about-our_team/2026')).toBeUndefined();
    expect(slugProblem('/a/')).toBe(pagesTexts.slugShape);
  });

  it("reserves the app's routes, the server's prefixes and files, without regard to case", () => {
    for (const slug of [
      '/',
      '/pricing',
      '/PRICING',
      '/signin',
      '/sign-up',
      '/admin/pages',
      '/admin/x/y',
      '/api/x',
      '/dashboard/x',
      '/blog/x',
      '/assets/x',
      '/users/x',
      '/health/x',
    ]) {
      expect(isReservedSlug(slug), slug).toBe(true);
    }
    for (const slug of ['/pricing-faq', '/admins', '/apix', '/about-us', '/docs/start']) {
      expect(isReservedSlug(slug), slug).toBe(false);
    }
    expect(slugProblem('/pricing')).toBe(pagesTexts.reservedSlug('/pricing'));
  });

  it("knows every route of the app's paths (the editor anchor is the home page)", () => {
    const routes = appRoutePaths();
    for (const value of Object.values(paths)) {
      if (typeof value === 'string') expect(routes).toContain(value.split('#')[0] || '/');
    }
    expect(isAppRoute('/Dashboard/')).toBe(true);
    expect(isAppRoute('/some-page')).toBe(false);
  });

  it('builds the by-slug API path from a slug with slashes', () => {
    expect(pagesApiPaths.bySlug('/about-us')).toBe('/api/pages/slug/about-us');
    expect(pagesApiPaths.bySlug('/guides/start')).toBe('/api/pages/slug/guides/start');
  });
});

describe('pageBodySchema', () => {
  it("fills the spec's defaults and requires title, slug and content with the spec message", () => {
    const ok = pageBodySchema.parse({ title: ' T ', slug: '/t', content: '<p>c</p>' });
    expect(ok).toMatchObject({
      title: 'T',
      status: 'draft',
      template: 'default',
      author: 'Admin',
      excerpt: '',
    });
    for (const body of [
      { slug: '/t', content: 'c' },
      { title: 'T', content: 'c' },
      { title: 'T', slug: '/t', content: '  ' },
    ]) {
      const issue = pageBodySchema.safeParse(body).error?.issues[0];
      expect(issue?.message).toBe(pagesTexts.requiredFields);
    }
    expect(
      pageBodySchema.safeParse({ title: 'T', slug: 'bad', content: 'c' }).error?.issues[0]?.message,
    ).toBe(pagesTexts.invalidSlug);
  });
});

describe('contentPageMeta', () => {
  const page = {
    title: 'Team',
    slug: '/team',
    template: 'blog' as const,
    excerpt: 'The people.',
    meta_title: '',
    meta_description: '',
    meta_keywords: 'a, b',
    featured_image: '/team.png',
  };
  it('falls back to the title and the excerpt, and makes addresses absolute', () => {
    expect(contentPageMeta(page, 'https://cutout.example/')).toEqual({
      title: 'Team | Cutout',
      description: 'The people.',
      keywords: 'a, b',
      canonical: 'https://cutout.example/team',
      image: 'https://cutout.example/team.png',
      type: 'article',
    });
  });
  it('prefers the meta fields', () => {
    const meta = contentPageMeta(
      {
        ...page,
        template: 'landing',
        meta_title: 'Meet the team',
        meta_description: 'Who we are',
        featured_image: 'https://cdn.example/a.png',
      },
      'https://cutout.example',
    );
    expect(meta).toMatchObject({
      title: 'Meet the team',
      description: 'Who we are',
      image: 'https://cdn.example/a.png',
      type: 'website',
    });
  });
});
