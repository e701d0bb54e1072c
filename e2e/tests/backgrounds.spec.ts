import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { editorTexts, paths } from '@cutout/contracts';
import type { Download, Page } from '@playwright/test';
// Hoisted from apps/server (it decodes uploads there); reads the downloads' pixels here.
import sharp from 'sharp';
import { backgroundTexts as texts } from '../../apps/web/src/features/editor/background-texts.js';
import {
  expectPath,
  signInThroughForm,
  signUpThroughForm,
  uniqueEmail,
} from './accounts-helpers.js';
import { creditsOf, openEditor, scratchDir, writePhoto } from './editor-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Issue 25 end to end: after a result, the backgrounds panel — each kind of background and a
// shadow — exported through the server, with the pixels of each download checked, on a desktop
// and on a 360 px phone. The photo (editor-helpers) is 1200×900: a red disc over a navy block,
// on a light textured green; the model is u2netp (playwright.config.ts).

const dir = scratchDir();
const user = {
  name: 'Dorothea Lange',
  email: uniqueEmail('backgrounds'),
  password: 'backgrounds-Passw0rd-e2e',
};
/** Screenshots to look at (e2e/.artifacts is ignored by git). */
const screens = path.join(import.meta.dirname, '../.artifacts/screens');
mkdirSync(screens, { recursive: true });
const W = 1200;
const H = 900;

interface Pixels {
  width: number;
  height: number;
  channels: number;
  hasAlpha: boolean;
  at: (x: number, y: number) => number[];
}

async function pixelsOf(download: Download): Promise<Pixels> {
  const file = await download.path();
  const meta = await sharp(file).metadata();
  const { data, info } = await sharp(file)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: meta.channels ?? 0,
    hasAlpha: meta.hasAlpha ?? false,
    at: (x, y) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)],
  };
}

const lum = (p: number[]) => p[0]! + p[1]! + p[2]!;
const corners = (p: Pixels) => [
  p.at(1, 1),
  p.at(p.width - 2, 1),
  p.at(1, p.height - 2),
  p.at(p.width - 2, p.height - 2),
];

async function processPhoto(page: Page): Promise<void> {
  await openEditor(page);
  await page.getByLabel('Choose an image to upload').setInputFiles(await writePhoto(dir));
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: editorTexts.removed }),
  ).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByTestId('background-panel')).toBeVisible();
}

async function exportAs(page: Page, format: 'png' | 'jpg' | 'webp'): Promise<Download> {
  await page.getByLabel(texts.formatLabel).selectOption(format);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: texts.download(format) }).click(),
  ]);
  return download;
}

function solidPng(name: string, width: number, height: number, colour: string): Promise<string> {
  const file = path.join(dir, name);
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toFile(file)
    .then(() => file);
}

test.describe.serial('the backgrounds panel', () => {
  test('each background kind and a shadow, downloaded at full size with the right pixels, for no credit', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await signUpThroughForm(page, user, { confirm: true });
    await expectPath(page, paths.dashboard);
    await processPhoto(page);
    const credits = await creditsOf(page);
    const panel = page.getByTestId('background-panel');

    // Transparent, as WebP: the corners are see-through.
    const clear = await pixelsOf(await exportAs(page, 'webp'));
    expect([clear.width, clear.height, clear.hasAlpha]).toEqual([W, H, true]);
    for (const corner of corners(clear)) expect(corner[3]).toBe(0);

    // A colour preset, then a custom colour, as JPG; the disc stays red.
    await panel.getByRole('radio', { name: texts.kinds.color }).check();
    await panel.getByRole('button', { name: texts.preset('navy') }).click();
    const navy = await pixelsOf(await exportAs(page, 'jpg'));
    for (const [r, g, b] of corners(navy)) {
      expect(Math.abs(r! - 0x1d) + Math.abs(g! - 0x35) + Math.abs(b! - 0x57)).toBeLessThan(20);
    }
    await panel.getByLabel(texts.customColour).fill('#ffcc00');
    const plain = await pixelsOf(await exportAs(page, 'png'));
    expect(plain.at(1, 1)).toEqual([255, 204, 0, 255]);
    const [r, g, b] = plain.at(600, 400);
    expect([r! > 180, g! < 90, b! < 90]).toEqual([true, true, true]);

    // The shadow darkens the pixels just under the subject, and nothing far away.
    await panel.getByRole('checkbox', { name: texts.shadow }).check();
    await page
      .getByTestId('background-preview')
      .screenshot({ path: path.join(screens, 'preview-shadow.png') });
    const shadowDownload = await exportAs(page, 'png');
    await shadowDownload.saveAs(path.join(screens, 'export-shadow.png'));
    const shadowed = await pixelsOf(shadowDownload);
    let darkest = Infinity;
    let plainThere = 0;
    for (let y = 845; y < 880; y += 2) {
      for (let x = 540; x < 660; x += 4) {
        if (lum(shadowed.at(x, y)) < darkest) {
          darkest = lum(shadowed.at(x, y));
          plainThere = lum(plain.at(x, y));
        }
      }
    }
    expect(darkest).toBeLessThan(plainThere - 60);
    expect(shadowed.at(1, 1)).toEqual(plain.at(1, 1));
    await panel.getByRole('checkbox', { name: texts.shadow }).uncheck();

    // The photo's own background, blurred: opaque everywhere, the green-grey of the photo.
    await panel.getByRole('radio', { name: texts.kinds.blur }).check();
    // The preview blurs it as the download does, without the red disc bleeding around it: 18 px
    // right of the disc's edge (image x 868, y 430) is the background's green-grey, not red.
    await expect(page.getByTestId('blurred-backdrop')).toHaveAttribute('data-ready', 'true');
    const previewShot = await page
      .getByTestId('background-preview')
      .screenshot({ path: path.join(screens, 'preview-blur.png') });
    const preview = await sharp(previewShot).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => {
      const px = Math.round((x / 1200) * preview.info.width);
      const py = Math.round((y / 900) * preview.info.height);
      const i = (py * preview.info.width + px) * preview.info.channels;
      return [...preview.data.subarray(i, i + 3)];
    };
    const [nearR, nearG] = at(868, 430);
    expect(nearG!, `preview beside the disc: ${at(868, 430).join(', ')}`).toBeGreaterThan(nearR!);
    const blurDownload = await exportAs(page, 'png');
    await blurDownload.saveAs(path.join(screens, 'export-blur.png'));
    const blurred = await pixelsOf(blurDownload);
    expect(blurred.hasAlpha).toBe(false);
    for (const [cr, cg, cb] of corners(blurred)) {
      expect(cg!).toBeGreaterThan(cb!);
      expect(cr!).toBeGreaterThan(140);
    }

    // An uploaded image: covering, then contained (transparent bands beside a square).
    await panel.getByRole('radio', { name: texts.kinds.image }).check();
    await panel
      .getByLabel(texts.imageInput)
      .setInputFiles(await solidPng('blue.png', 64, 48, '#0000ff'));
    await expect(panel.getByText(texts.imageChosen('blue.png'))).toBeVisible();
    const covered = await pixelsOf(await exportAs(page, 'png'));
    for (const corner of corners(covered)) expect(corner).toEqual([0, 0, 255, 255]);
    await panel
      .getByLabel(texts.imageInput)
      .setInputFiles(await solidPng('square.png', 50, 50, '#00ff00'));
    await panel.getByRole('radio', { name: texts.fits.contain }).check();
    const contained = await pixelsOf(await exportAs(page, 'png'));
    expect(contained.at(5, 450)[3]).toBe(0);
    expect(contained.at(600, 5)).toEqual([0, 255, 0, 255]);

    // Eight exports, and still the one credit the image cost.
    expect(await creditsOf(page)).toBe(credits);
    await page.setViewportSize({ width: 1280, height: 900 });
    await panel.scrollIntoViewIfNeeded();
    await panel
      .locator('xpath=ancestor::div[contains(@class, "rounded-3xl")]')
      .screenshot({ path: path.join(screens, 'backgrounds-1280.png') });
  });

  test('on a 360 px phone: each background kind and a shadow, downloaded, with the right pixels', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 360, height: 740 });
    await signInThroughForm(page, user.email, user.password);
    await expectPath(page, paths.dashboard);
    await processPhoto(page);
    const panel = page.getByTestId('background-panel');
    await panel.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    await panel.getByRole('radio', { name: texts.kinds.color }).check();
    await panel.getByRole('button', { name: texts.preset('sky blue') }).click();
    await panel.getByRole('checkbox', { name: texts.shadow }).check();
    await expect(page.getByTestId('background-preview')).toBeVisible();
    await lookAt(panel, { path: path.join(screens, 'backgrounds-360.png') });
    const image = await pixelsOf(await exportAs(page, 'jpg'));
    expect([image.width, image.height]).toEqual([W, H]);
    const [r, g, b] = image.at(2, 2);
    expect(Math.abs(r! - 0x81) + Math.abs(g! - 0xd4) + Math.abs(b! - 0xfa)).toBeLessThan(20);
    let darkest = Infinity;
    for (let y = 845; y < 880; y += 2)
      for (let x = 540; x < 660; x += 4) darkest = Math.min(darkest, lum(image.at(x, y)));
    expect(darkest).toBeLessThan(lum([0x81, 0xd4, 0xfa]) - 60);
    await panel.getByRole('checkbox', { name: texts.shadow }).uncheck();

    // The other kinds on the phone as well: transparent, the photo blurred, an uploaded image.
    await panel.getByRole('radio', { name: texts.kinds.transparent }).check();
    const clear = await pixelsOf(await exportAs(page, 'png'));
    expect([clear.width, clear.height, clear.hasAlpha]).toEqual([W, H, true]);
    for (const corner of corners(clear)) expect(corner[3]).toBe(0);
    expect(clear.at(600, 400)[3]).toBe(255);

    await panel.getByRole('radio', { name: texts.kinds.blur }).check();
    const blurred = await pixelsOf(await exportAs(page, 'png'));
    expect(blurred.hasAlpha).toBe(false);
    for (const [cr, cg, cb] of corners(blurred)) {
      expect(cg!).toBeGreaterThan(cb!);
      expect(cr!).toBeGreaterThan(140);
    }

    await panel.getByRole('radio', { name: texts.kinds.image }).check();
    await panel
      .getByLabel(texts.imageInput)
      .setInputFiles(await solidPng('blue-phone.png', 64, 48, '#0000ff'));
    await expect(panel.getByText(texts.imageChosen('blue-phone.png'))).toBeVisible();
    const covered = await pixelsOf(await exportAs(page, 'png'));
    for (const corner of corners(covered)) expect(corner).toEqual([0, 0, 255, 255]);
    const [sr, sg, sb] = covered.at(600, 400);
    expect([sr! > 180, sg! < 90, sb! < 90]).toEqual([true, true, true]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });
});
