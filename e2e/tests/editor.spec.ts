import { createHash } from 'node:crypto';
import { editorTexts, paths } from '@cutout/contracts';
import type { Page } from '@playwright/test';
import {
  expectPath,
  signInThroughForm,
  signUpThroughForm,
  uniqueEmail,
} from './accounts-helpers.js';
import {
  countJobRequests,
  creditsOf,
  openEditor,
  recordProgress,
  scratchDir,
  setCreditsAsAdmin,
  userIdOf,
  writeLargeImage,
  writePhoto,
  writeTextFile,
} from './editor-helpers.js';
import { expect, test } from './fixtures.js';

// Issue 5 end to end: the home page's editor against the real server and engine (u2netp in
// playwright.config.ts, for speed). Two sign-ups in the whole file (the server allows 10 an hour
// per address, shared with the other files): one user with credits, one set to 0 by the admin.

const password = 'editor-Passw0rd-e2e';
const dir = scratchDir();
const withCredits = { name: 'Ansel Adams', email: uniqueEmail('editor'), password };

const variants = [
  { variant: 'refined', button: editorTexts.downloadRefined },
  { variant: 'white_bg', button: editorTexts.downloadWhiteBg },
  { variant: 'transparent_bg', button: editorTexts.downloadTransparent },
] as const;

const stageTexts = [
  'Waiting in the queue…',
  'Reading the image…',
  'Preparing the image…',
  'Running the model…',
  'Refining the edges…',
  'Creating the three results…',
  'Saving the results…',
];

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

async function expectResultsLoadedAndDifferent(page: Page): Promise<void> {
  const hashes = new Set<string>();
  for (const { variant } of variants) {
    const image = page.locator(`img[data-variant="${variant}"]`);
    await expect(image).toBeVisible();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const src = await image.getAttribute('src');
    const response = await page.request.get(src!);
    expect(response.headers()['content-type']).toBe('image/png');
    hashes.add(
      createHash('sha256')
        .update(await response.body())
        .digest('hex'),
    );
  }
  expect(hashes.size, 'the three results differ').toBe(3);
}

test.describe.serial('a signed-in user with credits', () => {
  test('uploads a photo, watches real progress, downloads the three results and pays one credit', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signUpThroughForm(page, withCredits, { confirm: true });
    await expectPath(page, paths.dashboard);
    const photo = await writePhoto(dir);

    await openEditor(page);
    await expect(page.getByTestId('editor-credits')).toHaveText('10 credits available');
    const progress = await recordProgress(page);

    await page.getByLabel('Choose an image to upload').setInputFiles(photo);
    await expect(page.getByTestId('selected-name')).toHaveText(/studio-shot\.jpg/);
    await expect(page.getByRole('img', { name: 'Original: studio-shot.jpg' })).toBeVisible();
    await expect(page.getByRole('progressbar', { name: editorTexts.processing })).toBeVisible();

    await expect(toast(page, editorTexts.removed)).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('processing-percent')).toHaveText('100%');

    // The bar went through real intermediate values, never backwards, with the stage named.
    const seen = await progress();
    const percents = seen.map((value) => Number.parseInt(value, 10));
    expect(
      percents.some((p) => p > 0 && p < 100),
      `intermediate values in ${seen.join(', ')}`,
    ).toBe(true);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(seen.some((value) => stageTexts.some((stage) => value.endsWith(stage)))).toBe(true);

    await expectResultsLoadedAndDifferent(page);

    for (const { variant, button } of variants) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: button }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`studio-shot_${variant}.png`);
    }
    await expect(toast(page, editorTexts.downloaded).first()).toBeVisible();

    await expect(page.getByTestId('editor-credits')).toHaveText('9 credits available');
    expect(await creditsOf(page)).toBe(9);

    // Removing returns to the start.
    await page.getByRole('button', { name: 'Remove image' }).click();
    await expect(page.getByLabel('Choose an image to upload')).toBeAttached();
  });

  test('processes a sample image', async ({ page }) => {
    test.setTimeout(90_000);
    await signInThroughForm(page, withCredits.email, withCredits.password);
    await expectPath(page, paths.dashboard);
    await openEditor(page);
    await expect(page.getByTestId('editor-credits')).toHaveText('9 credits available');

    await page.getByRole('tab', { name: editorTexts.sampleImages }).click();
    for (const name of editorTexts.sampleNames) {
      await expect(page.getByRole('button', { name: `Use the ${name} sample` })).toBeVisible();
    }
    await page.getByRole('button', { name: 'Use the Product Photo sample' }).click();
    await expect(toast(page, editorTexts.sampleLoaded)).toBeVisible();
    await expect(toast(page, editorTexts.removed)).toBeVisible({ timeout: 60_000 });
    await expectResultsLoadedAndDifferent(page);
    await expect(page.getByTestId('editor-credits')).toHaveText('8 credits available');
  });

  test.describe('refusals', () => {
    // The URL import is refused by the server with 400, which Chromium logs.
    test.use({ allowHttpErrors: true });

    test('a non-image, an 11 MB file and a private URL are refused with their messages', async ({
      page,
    }) => {
      await signInThroughForm(page, withCredits.email, withCredits.password);
      await expectPath(page, paths.dashboard);
      await openEditor(page);
      await expect(page.getByTestId('editor-credits')).toHaveText('8 credits available');
      const jobs = countJobRequests(page);

      const input = page.getByLabel('Choose an image to upload');
      await input.setInputFiles(writeTextFile(dir));
      await expect(toast(page, editorTexts.notAnImage)).toBeVisible();
      await input.setInputFiles(writeLargeImage(dir));
      await expect(toast(page, editorTexts.tooLarge)).toBeVisible();
      expect(jobs.count(), 'refused before any call').toBe(0);

      await page.getByRole('tab', { name: editorTexts.imageUrl }).click();
      await page.getByRole('button', { name: 'Import' }).click();
      await expect(toast(page, editorTexts.urlRequired)).toBeVisible();
      expect(jobs.count()).toBe(0);

      const privateUrl = `${new URL(page.url()).origin}/x.png`;
      const answer = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/jobs' &&
          response.request().method() === 'POST',
      );
      await page.getByRole('textbox', { name: editorTexts.imageUrl }).fill(privateUrl);
      await page.getByRole('button', { name: 'Import' }).click();
      const response = await answer;
      expect(response.status()).toBe(400);
      const { error } = (await response.json()) as { error: { message: string } };
      // The server's own message, shown as it is.
      await expect(toast(page, error.message)).toBeVisible();
      await expect(page.getByRole('alert').filter({ hasText: error.message })).toBeVisible();
      expect(await creditsOf(page)).toBe(8);
    });

    test.describe('a file that only looks like an image', () => {
      // Playwright's trace snapshotter fetches the <img>'s blob: URL that the browser could not
      // decode; the page's CSP (connect-src 'self') refuses that and logs a console error. The app
      // makes no such request: with `--trace off` nothing is logged.
      test.use({
        toolConsoleErrors: [/^Connecting to 'blob:.*violates .*"connect-src 'self'"/],
      });

      test('a file named .png that is not an image gets one toast, the server’s', async ({
        page,
      }) => {
        await signInThroughForm(page, withCredits.email, withCredits.password);
        await expectPath(page, paths.dashboard);
        await openEditor(page);
        await expect(page.getByTestId('editor-credits')).toHaveText('8 credits available');

        const answer = page.waitForResponse(
          (response) =>
            new URL(response.url()).pathname === '/api/jobs' &&
            response.request().method() === 'POST',
        );
        await page.getByLabel('Choose an image to upload').setInputFiles({
          name: 'fake.png',
          mimeType: 'image/png',
          buffer: Buffer.from('not an image\n'),
        });
        expect((await answer).status()).toBe(415);
        await expect(toast(page, editorTexts.notAnImage)).toBeVisible();
        // The browser could not show the preview either (its <img> is gone) …
        await expect(page.getByRole('img', { name: 'Original: fake.png' })).toHaveCount(0);
        // … and after a few frames for any toast that failure published, there is still one error
        // (the sign-in's success toast may still be on screen).
        await page.evaluate(
          () =>
            new Promise<void>((resolve) =>
              requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
            ),
        );
        await expect(page.locator('[data-sonner-toast][data-type="error"]')).toHaveCount(1);
        expect(await creditsOf(page)).toBe(8);
      });
    });
  });
});

test('a user with 0 credits is told so, and no job is created', async ({ page }) => {
  await signUpThroughForm(page, {
    name: 'Dorothea Lange',
    email: uniqueEmail('nocredit'),
    password,
  });
  await expectPath(page, paths.dashboard);
  await setCreditsAsAdmin(page, await userIdOf(page), 0);
  const jobs = countJobRequests(page);

  await openEditor(page);
  await page
    .getByLabel('Choose an image to upload')
    .setInputFiles(await writePhoto(dir, 'zero.jpg'));
  await expect(toast(page, editorTexts.noCredits)).toBeVisible();
  await expect(page.locator('#editor').getByRole('link', { name: 'Buy credits' })).toHaveAttribute(
    'href',
    paths.pricing,
  );
  await expect(page.getByTestId('editor-credits')).toHaveCount(0);
  expect(jobs.count()).toBe(0);
  expect(await creditsOf(page)).toBe(0);
});

// An anonymous visitor's free preview (and its refusal the second time): free-try-history.spec.ts.
