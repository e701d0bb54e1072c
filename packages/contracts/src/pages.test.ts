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
  seoChecks,
  seoColour,
  seoScore,
  slugProblem,
} from './index.js';

const x = (n: number) => 'x'.repeat(n);

describe('seoScore, explained (spec §5 lengths; issue 26 weights)', () => {
  it('lists each check with its points, its maximum and what to do; the maxima add up to 100', () => {
    const checks = seoChecks({});
    expect(checks.map((c) => c.id)).toEqual([
      'title',
      'description',
      'slug',
      'headings',
      'content',
      'image',
      'excerpt',
      'keywords',
    ]);
    expect(checks.reduce((sum, c) => sum + c.max, 0)).toBe(100);
    for (const check of checks) {
      if (check.points < check.max) expect(check.advice, check.id).not.toBe('');
    }
    // An empty page: only the content floor.
    expect(seoScore({})).toBe(5);
  });

  it('keeps the spec’s length bands for the meta title and description', () => {
    const title = (n: number) => seoChecks({ meta_title: x(n) })[0]!.points;
    expect([title(50), title(60), title(30), title(70), title(71), title(0)]).toEqual([
      20, 20, 15, 15, 5, 0,
    ]);
    const description = (n: number) => seoChecks({ meta_description: x(n) })[1]!.points;
    expect([description(150), description(160), description(120), description(201)]).toEqual([
      20, 20, 15, 5,
    ]);
    expect(seoChecks({ meta_title: x(40) })[0]!.advice).toBe(
      'Make the meta title 50–60 characters long (it has 40).',
    );
  });

  it('scores a page with a good title, description, slug, headings, content and image above 80', () => {
    const good = {
      meta_title: x(55),
      meta_description: x(155),
      slug: '/about-our-team',
      content: `<h2>Who we are</h2><p>${x(320)}</p>`,
      featured_image: '/images/team.png',
    };
    expect(seoScore(good)).toBeGreaterThan(80);
    // The issue's page: title and description filled, nothing else — and it says what to add.
    const half = seoChecks({ meta_title: x(55), meta_description: x(155) });
    expect(half.filter((c) => c.points < c.max).map((c) => c.id)).toEqual([
      'slug',
      'headings',
      'content',
      'image',
      'excerpt',
      'keywords',
    ]);
  });

  it('never passes 100', () => {
    expect(
      seoScore({
        meta_title: x(55),
        meta_description: x(155),
        meta_keywords: 'k',
        slug: '/a-b',
        content: `<h1>t</h1>${x(400)}`,
        featured_image: '/a.png',
        excerpt: 'e',
      }),
    ).toBe(100);
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
