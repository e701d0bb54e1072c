import { paths } from '@cutout/contracts';
import { expect, test } from '@playwright/test';
import { firstLoadCeilingGzip, measureFirstLoad } from '../../scripts/first-load.mjs';

// The first-load budget (docs/decisions/0022, 0064, 0103): the goal is a first visit under 150 KB
// of gzipped JavaScript, measured as `npm run bench:web` measures it (scripts/first-load.mjs);
// CI (`npm run test:e2e`) refuses 151 KB and more until the route manifest is trimmed back. The spec sets it for the home page; the prerendered public pages
// that meet it today are held to it too. /api, /documentation, /tutorials, /contact, the blog
// posts and the account forms load more (156–171 KB) and are not checked here.

const budgetPages = [
  paths.home,
  paths.features,
  paths.pricing,
  paths.about,
  paths.blog,
  paths.privacy,
  paths.terms,
  paths.cookies,
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

for (const page of budgetPages) {
  test(`${page} loads under ${kb(firstLoadCeilingGzip)} of gzipped JavaScript on a first visit`, async ({
    browser,
    baseURL,
  }) => {
    const load = await measureFirstLoad(browser, `${baseURL}${page}`);
    test.info().annotations.push({ type: 'first load', description: `${page}: ${kb(load.gzip)}` });
    expect(load.scripts).toBeGreaterThan(0);
    expect(load.gzip, `${page} loads ${kb(load.gzip)} gzip`).toBeLessThan(firstLoadCeilingGzip);
  });
}
