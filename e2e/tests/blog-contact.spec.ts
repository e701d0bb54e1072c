import path from 'node:path';
import {
  appTexts,
  blogPosts,
  contactTexts,
  findBlogPost,
  newsletterLinkTexts,
  newsletterTexts,
  paths,
} from '@cutout/contracts';
// The server's SQLite driver (hoisted from apps/server), read-only here.
import Database from 'better-sqlite3';
import { expect, lookAt, tagPattern, test } from './fixtures.js';
import { uniqueEmail } from './accounts-helpers.js';

/** Rows the server stored, read from its SQLite file (the server writes; we only look). */
function query<T>(sql: string, ...params: unknown[]): T[] {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(path.join(dataDir, 'cutout.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const hairPost = findBlogPost('how-segmentation-models-handle-hair-and-edges')!;

test('the blog lists six articles and each opens its own page', async ({ page }) => {
  await page.goto(paths.blog);
  const cards = page.getByRole('main').getByRole('article');
  await expect(cards).toHaveCount(6);
  for (const post of blogPosts) {
    await expect(page.getByRole('link', { name: post.title })).toBeVisible();
  }
  await page.getByRole('link', { name: hairPost.title }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.blogPost(hairPost.slug));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hairPost.title);
  await expect(page).toHaveTitle(`${hairPost.title} | Cutout`);
  await expect(
    page.getByRole('heading', { name: 'Colour decontamination, or why halos happen' }),
  ).toBeVisible();
  await page.getByRole('link', { name: 'Back to blog' }).click();
  await expect(page).toHaveURL((url) => url.pathname === paths.blog);
});

test("an article's heading and description are in its prerendered HTML", async ({ request }) => {
  for (const post of blogPosts) {
    const res = await request.get(paths.blogPost(post.slug));
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    expect(html).toMatch(tagPattern(`<meta property="og:type" content="article">`));
  }
  const html = await (await request.get(paths.blogPost(hairPost.slug))).text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>${hairPost.title}</h1>`));
  expect(html).toMatch(tagPattern(`<meta name="description" content="${hairPost.description}">`));
  expect(html).toContain(`<title>${hairPost.title} | Cutout</title>`);
});

test.describe('an unknown article', () => {
  // A real 404 (issue 15), which Chromium logs.
  test.use({ allowHttpErrors: true });
  test("an unknown article is 'Page Not Found' (status 404)", async ({ page }) => {
    const response = await page.goto(paths.blogPost('no-such-article'));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: appTexts.notFound.title })).toBeVisible();
  });
});

test('subscribing stores the address once, the same answer again, and the mailed link confirms it', async ({
  page,
}) => {
  const email = uniqueEmail('reader');
  await page.goto(paths.blog);
  const box = page.getByLabel(newsletterTexts.emailLabel);
  for (const typed of [email, email.toUpperCase()]) {
    await box.fill(typed);
    await page.getByRole('button', { name: newsletterTexts.subscribe }).click();
    await expect(page.getByRole('status').getByText(newsletterTexts.subscribed)).toBeVisible();
    await expect(box).toHaveValue('');
  }
  // …and as a toast.
  await expect(
    page.locator('[data-sonner-toast]').getByText(newsletterTexts.subscribed).first(),
  ).toBeVisible();
  expect(query('select email from newsletter_subscribers where email = ?', email)).toEqual([
    { email },
  ]);

  // Double opt-in: the mailed link opens /newsletter, and only its button confirms.
  let mail = '';
  await expect
    .poll(
      () => {
        mail =
          query<{ text: string }>('select text from outbox where "to" = ?', email)[0]?.text ?? '';
        return mail;
      },
      { message: `a confirmation mail to ${email} in the outbox` },
    )
    .toContain('/newsletter?confirm=');
  const link = new URL(/http\S+\/newsletter\?confirm=\S+/.exec(mail)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    newsletterLinkTexts.confirmHeading,
  );
  const confirmedAt = () =>
    query<{ confirmed_at: string | null }>(
      'select confirmed_at from newsletter_subscribers where email = ?',
      email,
    )[0]?.confirmed_at;
  expect(confirmedAt()).toBeNull();
  await page.getByRole('button', { name: newsletterLinkTexts.confirmButton }).click();
  await expect(
    page.getByRole('status').filter({ hasText: newsletterLinkTexts.confirmed }),
  ).toBeVisible();
  expect(confirmedAt()).not.toBeNull();
  await lookAt(page, {
    path: path.join(import.meta.dirname, '../.artifacts/newsletter-confirmed.png'),
  });
});

test.describe('contact form', () => {
  test('sends a valid message: success, form cleared, message stored and mailed', async ({
    page,
    extraHTTPHeaders,
  }) => {
    const email = uniqueEmail('contact');
    await page.goto(paths.contact);
    const send = page.getByRole('button', { name: 'Send Message' });
    await expect(send).toBeDisabled();
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Subject').fill('Enterprise volumes');
    await page.getByLabel('Message').fill('We process about 20,000 images a month.');
    await expect(page.getByText('39/2000')).toBeVisible();
    await send.click();

    await expect(page.getByRole('status').getByText(contactTexts.sent)).toBeVisible();
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      await expect(page.getByLabel(label)).toHaveValue('');
    }
    await expect(send).toBeDisabled();

    const rows = query<{ name: string; subject: string; ip: string; user_agent: string }>(
      'select name, subject, ip, user_agent from contact_messages where email = ?',
      email,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Grace Hopper', subject: 'Enterprise volumes' });
    // The address the server saw: this test's own (tests/fixtures.ts sends it as a proxy would).
    expect(rows[0]?.ip).toBe(extraHTTPHeaders?.['x-forwarded-for']);
    expect(rows[0]?.user_agent).toContain('Chrome');
    await expect
      .poll(
        () =>
          query<{ reply_to: string }>(
            'select reply_to from outbox where "to" = ? and reply_to = ?',
            'support@cutout.local',
            email,
          ).length,
      )
      .toBe(1);
  });

  test('an invalid message shows the field rules and is not sent', async ({ page }) => {
    let posted = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/api/contact')) posted = true;
    });
    await page.goto(paths.contact);
    const send = page.getByRole('button', { name: 'Send Message' });
    await page.getByLabel('Name').fill('G');
    await page.getByLabel('Email').fill('grace@example');
    await page.getByLabel('Subject').fill('   ');
    await page.getByLabel('Message').fill('Too short');
    // A field that is only spaces keeps the button disabled.
    await expect(send).toBeDisabled();
    await page.getByLabel('Subject').fill('Hi');
    await expect(send).toBeEnabled();
    await send.click();
    await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Subject must be at least 5 characters')).toBeVisible();
    await expect(page.getByText('Message must be at least 10 characters')).toBeVisible();
    await expect(page.getByText(contactTexts.invalidFormData).first()).toBeVisible();
    expect(posted).toBe(false);
    await expect(page.getByLabel('Name')).toHaveValue('G');
  });
});
