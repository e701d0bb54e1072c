import { mkdirSync } from 'node:fs';
import path from 'node:path';
import {
  editorTexts,
  freeTryTexts,
  historyTexts,
  navTexts,
  paths,
  siteTexts,
} from '@cutout/contracts';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectPath, signUpThroughForm, uniqueEmail } from './accounts-helpers.js';
import { openEditor, scratchDir, writePhoto } from './editor-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Issue 25 points 5 and 6 end to end: an anonymous visitor's free preview (and the refusal of a
// second one the same day), and the history page with re-download and delete — at 1280 px and
// on a 360 px phone. Each test is a client address of its own (fixtures.ts), so each gets its
// own free try. The photo (editor-helpers) is 1200×900, so a preview (≤ 0.25 MP) is smaller.

const dir = scratchDir();
const shots = path.join(import.meta.dirname, '..', '.artifacts');
mkdirSync(shots, { recursive: true });

const viewports = [
  { label: '1280 px', width: 1280, height: 900 },
  { label: '360 px phone', width: 360, height: 740 },
] as const;

async function upload(page: Page, name: string) {
  await page.getByLabel('Choose an image to upload').setInputFiles(await writePhoto(dir, name));
}

async function resultShown(page: Page) {
  const image = page.locator('img[data-variant="transparent_bg"]');
  await expect(image).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

async function downloadedSize(page: Page, button: string) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button }).click(),
  ]);
  const file = await download.path();
  const meta = await sharp(file).metadata();
  return { name: download.suggestedFilename(), width: meta.width, height: meta.height };
}

test.describe('a free first try without an account', () => {
  // The second try is refused with 429, which Chromium logs as a console error.
  test.use({ allowHttpErrors: true });

  for (const viewport of viewports) {
    test(`one preview, then a clear refusal with the sign-up offer (${viewport.label})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await openEditor(page);
      await upload(page, 'first-try.jpg');
      const offer = page.getByTestId('free-try-offer');
      await expect(offer).toContainText(freeTryTexts.freeCredits);
      await resultShown(page);
      await expect(offer).toContainText(freeTryTexts.previewTitle);
      await expect(offer.getByRole('link', { name: freeTryTexts.signUpForFull })).toHaveAttribute(
        'href',
        paths.signUp,
      );
      await expect(page.getByTestId('free-credits-offer')).toHaveText(freeTryTexts.freeCredits);
      const got = await downloadedSize(page, editorTexts.downloadTransparent);
      expect(got.name).toBe('first-try_transparent_bg.png');
      expect(got.width * got.height).toBeLessThanOrEqual(250_000);
      expect(got.width / got.height).toBeCloseTo(1200 / 900, 1);
      // Nothing on the page overflows the screen, and no download label runs past its button.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      for (const label of [
        editorTexts.downloadRefined,
        editorTexts.downloadWhiteBg,
        editorTexts.downloadTransparent,
      ]) {
        const fits = await page
          .getByRole('button', { name: label })
          .evaluate((button) => button.scrollWidth <= button.clientWidth);
        expect(fits, label).toBe(true);
      }
      // A visitor is told the truth about cost: the first image a day is free (decision 0155).
      await expect(page.getByTestId('cost-notice')).toContainText(
        'Your first image each day is free (preview size)',
      );
      await expect(page.getByText('Each image uses one credit.')).toHaveCount(0);
      await lookAt(page, {
        path: path.join(shots, `free-try-preview-${viewport.width}.png`),
        fullPage: true,
      });

      // A second image the same day: refused, saying why, with the way forward.
      await page.getByRole('button', { name: 'Remove image' }).click();
      await upload(page, 'second-try.jpg');
      const refusal = page.getByRole('alert').filter({ hasText: freeTryTexts.usedUp });
      await expect(refusal).toBeVisible();
      await expect(refusal.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
        'href',
        paths.signUp,
      );
      await expect(page.locator('img[data-variant="transparent_bg"]')).toHaveCount(0);
      await refusal.scrollIntoViewIfNeeded();
      await lookAt(page, {
        path: path.join(shots, `free-try-refused-${viewport.width}.png`),
        fullPage: true,
      });
      await refusal.getByRole('link', { name: 'Sign up' }).click();
      await expectPath(page, paths.signUp);
    });
  }
});

test.describe('history', () => {
  for (const viewport of viewports) {
    test(`lists a processed image, downloads it again and deletes it (${viewport.label})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await signUpThroughForm(
        page,
        {
          name: 'Dorothea Lange',
          email: uniqueEmail('history'),
          password: 'history-Passw0rd-e2e',
        },
        { confirm: true },
      );
      // Sign-up and its redirect take a while on a loaded test machine.
      await expect(page).toHaveURL((url) => url.pathname === paths.dashboard, {
        timeout: 30_000,
      });
      await openEditor(page);
      await upload(page, 'market-stall.jpg');
      await resultShown(page);

      await page.goto(paths.dashboard);
      const nav = page.getByRole('navigation', {
        name: siteTexts.dashboardNavigation,
        exact: true,
      });
      await nav.getByRole('link', { name: navTexts.history }).click();
      await expectPath(page, paths.dashboardHistory);
      const item = page.getByTestId('history-item');
      await expect(item).toHaveCount(1);
      await expect(item).toContainText('market-stall.jpg');
      await expect(item.getByTestId('history-credits')).toHaveText('1 credit');
      await expect(item.getByTestId('history-size')).toContainText('1200 × 900 px');
      const thumb = item.getByRole('img', { name: historyTexts.thumbnailAlt('market-stall.jpg') });
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);

      // The date it was made, and each of the three results downloaded again at full size.
      await expect(item.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
      for (const [label, variant, hasAlpha] of [
        [editorTexts.downloadRefined, 'refined', true],
        [editorTexts.downloadWhiteBg, 'white_bg', false],
        [editorTexts.downloadTransparent, 'transparent_bg', true],
      ] as const) {
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          item.getByRole('link', { name: label }).click(),
        ]);
        expect(download.suggestedFilename()).toBe(`market-stall_${variant}.png`);
        const meta = await sharp(await download.path()).metadata();
        expect([meta.width, meta.height, meta.hasAlpha], variant).toEqual([1200, 900, hasAlpha]);
      }
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await lookAt(page, {
        path: path.join(shots, `history-${viewport.width}.png`),
        fullPage: true,
      });

      const downloadAddress = await item
        .getByRole('link', { name: editorTexts.downloadWhiteBg })
        .getAttribute('href');
      expect(downloadAddress).toBeTruthy();
      expect((await page.request.get(downloadAddress!)).status()).toBe(200);

      await item.getByRole('button', { name: `${historyTexts.delete} market-stall.jpg` }).click();
      const dialog = page.getByRole('dialog', { name: historyTexts.deleteConfirmTitle });
      await expect(dialog).toContainText(historyTexts.deleteConfirmBody);
      await dialog.getByRole('button', { name: historyTexts.delete }).click();
      await expect(page.getByText(historyTexts.empty)).toBeVisible();
      await expect(item).toHaveCount(0);
      // The files are gone on the server, and the balance still shows the credit spent.
      expect((await page.request.get(downloadAddress!)).status()).toBe(404);
      const ids = await page.request.get('/api/me');
      expect(((await ids.json()) as { credits: number }).credits).toBe(9);
      await page.reload();
      await expect(page.getByText(historyTexts.empty)).toBeVisible();
    });
  }
});
