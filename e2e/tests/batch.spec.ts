import { readFileSync } from 'node:fs';
import path from 'node:path';
import { batchTexts, creditsTexts, paths } from '@cutout/contracts';
import { request, type Page } from '@playwright/test';
// Hoisted from apps/server (it draws and reads test files there too).
import sharp from 'sharp';
import yauzl from 'yauzl';
import { expectPath, signUpThroughForm, uniqueEmail } from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { creditsOf, scratchDir, userIdOf, writePhoto, writeTextFile } from './editor-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Issue 13 end to end: the dashboard's Batch tab against the real server and engine (u2netp in
// playwright.config.ts). Five files, one of them not an image: four complete with the progress
// their jobs report, one fails and costs nothing, the zip holds four folders of three PNGs, and
// a reload shows the same batch. A user at 0 credits gets 'Pro Feature' and the ad slot instead.
// Two sign-ups in the file (the server allows 10 an hour per address, shared with other files).

// The not-an-image file is refused by the server with 415, which Chromium logs as an error.
test.use({ allowHttpErrors: true });

const password = 'batch-Passw0rd-e2e';
const dir = scratchDir();

function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** A photo large enough that processing it takes several of the page's polls. */
async function writeBigPhoto(name: string): Promise<string> {
  const small = await writePhoto(dir, `small-${name}`);
  const file = path.join(dir, name);
  await sharp(small).resize(2400, 1800).jpeg({ quality: 90 }).toFile(file);
  return file;
}

function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const files = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            files.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(files));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** Records every progress value any item's bar shows, as the DOM changes. */
async function recordProgress(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __batchProgress: number[] }).__batchProgress = seen;
    const record = () => {
      for (const bar of document.querySelectorAll(
        '[data-testid="batch-item"] [role="progressbar"]',
      )) {
        const value = Number(bar.getAttribute('aria-valuenow'));
        if (!seen.includes(value)) seen.push(value);
      }
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
  return () =>
    page.evaluate(() =>
      (window as unknown as { __batchProgress: number[] }).__batchProgress.slice(),
    );
}

/** The admin sets a user's credits through the API (PATCH /users/{id}/credits). */
async function setCredits(page: Page, userId: string, credits: number): Promise<void> {
  const origin = new URL(page.url()).origin;
  const admin = await request.newContext({ baseURL: origin });
  try {
    const signIn = await admin.post('/api/auth/sign-in', {
      data: { email: e2eAdmin.email, password: e2eAdmin.password },
    });
    expect(signIn.status()).toBe(200);
    const patch = await admin.patch(`/users/${encodeURIComponent(userId)}/credits`, {
      data: { credits },
    });
    expect(patch.status()).toBe(200);
  } finally {
    await admin.dispose();
  }
}

const items = (page: Page) => page.getByTestId('batch-item');

async function statuses(page: Page): Promise<string[]> {
  return items(page).evaluateAll((rows) =>
    rows.map((row) => row.getAttribute('data-status') ?? ''),
  );
}

test.describe.serial('the Batch tab', () => {
  test('batches five files, one not an image: four complete and are charged, one fails for free, the zip holds them', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    await signUpThroughForm(
      page,
      {
        name: 'Dorothea Lange',
        email: uniqueEmail('batch'),
        password,
      },
      { confirm: true },
    );
    await expectPath(page, paths.dashboard);
    const start = await creditsOf(page);
    expect(start).toBeGreaterThanOrEqual(4);

    // The Single tab is the editor itself.
    await expect(page.getByRole('tab', { name: 'Single' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByLabel('Choose an image to upload')).toBeAttached();
    await page.getByRole('tab', { name: 'Batch' }).click();
    await expect(page).toHaveURL(/\?tab=batch$/);
    const chooser = page.getByLabel('Choose images for the batch');
    await expect(chooser).toBeAttached();
    await expect(chooser).toHaveAttribute('multiple', '');

    // Nothing chosen yet: the spec's message, and no batch is made.
    await page.getByRole('button', { name: 'Add images to process' }).click();
    await expect(toast(page, batchTexts.noImages)).toBeVisible();

    const photos = [];
    for (const name of ['alpha.jpg', 'bravo.jpg', 'charlie.jpg', 'delta.jpg']) {
      photos.push(await writeBigPhoto(name));
    }
    const text = writeTextFile(dir);
    await chooser.setInputFiles([photos[0]!, photos[1]!, text, photos[2]!, photos[3]!]);
    await expect(items(page)).toHaveCount(5);
    expect(await statuses(page)).toEqual(Array(5).fill('pending'));
    await lookAt(page, { path: path.join('.artifacts', 'batch-chosen.png'), fullPage: true });

    const progress = await recordProgress(page);
    await page.getByRole('button', { name: 'Process 5 images' }).click();
    // While images are on the server the button says so, and cannot send them twice.
    await expect(page.getByTestId('batch-process')).toHaveText(/^Processing/);
    await expect(page.getByTestId('batch-process')).toBeDisabled();
    await expect(toast(page, batchTexts.failedFor('notes.txt'))).toBeVisible();
    // A processed image cannot be removed while it is processed.
    await expect(page.locator('[data-status="processing"]').first()).toBeVisible();
    await expect(
      page
        .locator('[data-status="processing"]')
        .first()
        .getByRole('button', { name: /^Remove / }),
    ).toBeDisabled();
    await lookAt(page, { path: path.join('.artifacts', 'batch-running.png'), fullPage: true });

    await expect
      .poll(() => statuses(page), { timeout: 200_000, intervals: [500] })
      .toEqual(['completed', 'completed', 'error', 'completed', 'completed']);
    await expect(page.locator('[data-name="notes.txt"]')).toContainText(
      'Please upload an image file',
    );
    // A clear placeholder, not a broken picture, for the file that is not an image.
    await expect(
      page.locator('[data-name="notes.txt"]').getByTestId('batch-placeholder'),
    ).toBeVisible();
    await lookAt(page, { path: path.join('.artifacts', 'batch-done.png'), fullPage: true });

    // The bars showed the jobs' own progress: values strictly between the start and the end.
    const seen = await progress();
    expect(
      seen.filter((v) => v > 0 && v < 100).length,
      `progress seen: ${seen.join(', ')}`,
    ).toBeGreaterThan(0);

    // Four images charged, the failed one free.
    expect(await creditsOf(page)).toBe(start - 4);
    await expect(page.getByTestId('credits-balance')).toHaveText(String(start - 4));
    // The dashboard's cards followed the batch without a reload (issue 26).
    await expect(page.getByText('No images processed this month')).toHaveCount(0);
    await expect(page.getByTestId('usage-month')).toHaveText('4');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download all (zip)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^batch_processed_\d{4}-\d{2}-\d{2}\.zip$/);
    const zipPath = path.join(dir, download.suggestedFilename());
    await download.saveAs(zipPath);
    const files = await unzip(readFileSync(zipPath));
    const folders = ['alpha', 'bravo', 'charlie', 'delta'];
    expect([...files.keys()].sort()).toEqual(
      // The names the editor downloads, one folder per image.
      folders
        .flatMap((f) => ['refined', 'white_bg', 'transparent_bg'].map((v) => `${f}/${f}_${v}.png`))
        .sort(),
    );
    for (const [name, bytes] of files) {
      const meta = await sharp(bytes).metadata();
      expect(meta.format, name).toBe('png');
      expect(meta.width, name).toBe(2400);
    }

    // Running again skips the completed images: only the failed one is sent, and fails again.
    const [resent] = await Promise.all([
      page.waitForResponse(
        (r) => r.request().method() === 'PUT' && /\/api\/batches\/.+\/image$/.test(r.url()),
      ),
      page.getByRole('button', { name: 'Retry 1 failed image' }).click(),
    ]);
    expect(resent.status()).toBe(415);
    await expect(toast(page, batchTexts.failedFor('notes.txt')).first()).toBeVisible();
    await expect
      .poll(() => statuses(page))
      .toEqual(['completed', 'completed', 'error', 'completed', 'completed']);
    expect(await creditsOf(page)).toBe(start - 4);

    // A reload shows the same batch, on the same tab.
    await page.reload();
    await expect(items(page)).toHaveCount(5);
    expect(await statuses(page)).toEqual([
      'completed',
      'completed',
      'error',
      'completed',
      'completed',
    ]);
    await expect(items(page).nth(0)).toHaveAttribute('data-name', 'alpha.jpg');
    await expect(page.getByTestId('batch-summary')).toHaveText('4 of 5 completed');
  });

  test("a user with 0 credits gets 'Pro Feature' and the ad slot, not the tabs", async ({
    page,
  }) => {
    await signUpThroughForm(page, {
      name: 'Walker Evans',
      email: uniqueEmail('batch-free'),
      password,
    });
    await expectPath(page, paths.dashboard);
    await setCredits(page, await userIdOf(page), 0);
    await page.reload();
    await expect(page.getByRole('heading', { name: creditsTexts.proFeature })).toBeVisible();
    const ad = page.getByTestId('ad-slot');
    await expect(ad).toBeVisible();
    await expect(ad.getByRole('link', { name: creditsTexts.removeAds })).toHaveAttribute(
      'href',
      paths.pricing,
    );
    await expect(page.getByRole('tab')).toHaveCount(0);
    await lookAt(page, { path: path.join('.artifacts', 'dashboard-free.png'), fullPage: true });
  });
});
