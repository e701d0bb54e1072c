import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { editorTexts, paths } from '@cutout/contracts';
import type { Download, Page } from '@playwright/test';
// Hoisted from apps/server (it decodes uploads there); reads the downloads' pixels here.
import sharp from 'sharp';
import { touchUpTexts as texts } from '../../apps/web/src/features/editor/touch-up-texts.js';
import { expectPath, signUpThroughForm, uniqueEmail } from './accounts-helpers.js';
import { creditsOf, openEditor, scratchDir, writePhoto } from './editor-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Issue 25, the touch-up brush end to end: erase a stroke across the subject, restore part of
// it, save, download, and check the alpha along the stroke — with a mouse on a desktop (where
// it also zooms, pans and fits again with keys and buttons) and with a finger on a 360 px
// phone. The photo (editor-helpers) is 1200×900 with a red disc of radius 250 at (600, 430);
// the stroke runs along y = 430 inside it.

const dir = scratchDir();
const screens = path.join(import.meta.dirname, '../.artifacts/screens');
mkdirSync(screens, { recursive: true });
const W = 1200;
const Y = 430;
const BRUSH = 40;

type Drag = (page: Page, from: [number, number], to: [number, number]) => Promise<void>;

/** Screen coordinates of an image point on the touch-up canvas. */
async function onScreen(page: Page, [x, y]: [number, number]): Promise<[number, number]> {
  const box = await page.getByTestId('touch-up-canvas').locator('canvas').boundingBox();
  if (!box) throw new Error('the touch-up canvas is not shown');
  return [box.x + (x * box.width) / W, box.y + (y * box.height) / 900];
}

const mouseDrag: Drag = async (page, from, to) => {
  const [x0, y0] = await onScreen(page, from);
  const [x1, y1] = await onScreen(page, to);
  await page.mouse.move(x0, y0);
  await page.mouse.down();
  await page.mouse.move(x1, y1, { steps: 12 });
  await page.mouse.up();
};

/** A finger on the screen, through Chromium's touch input (pointer events of type touch). */
const fingerDrag: Drag = async (page, from, to) => {
  const [x0, y0] = await onScreen(page, from);
  const [x1, y1] = await onScreen(page, to);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', {
    type: 'touchStart',
    touchPoints: [{ x: x0, y: y0 }],
  });
  for (let i = 1; i <= 12; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x0 + ((x1 - x0) * i) / 12, y: y0 + ((y1 - y0) * i) / 12 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
};

async function alphaOf(download: Download) {
  const file = await download.path();
  const { data, info } = await sharp(file)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    at: (x: number, y: number) => data[(y * info.width + x) * 4 + 3]!,
  };
}

/**
 * Zoom with the keys and a button, pan with Space + drag, then fit again (0): the view moves
 * and comes back to the same picture, so the pan painted nothing on the mask.
 */
async function zoomPanAndFit(page: Page): Promise<void> {
  const section = page.getByTestId('touch-up');
  const canvas = page.getByTestId('touch-up-canvas').locator('canvas');
  const zoom = section.getByTestId('touch-up-zoom');
  const percent = async () => Number((await zoom.textContent())?.replace('%', ''));
  // A toast (the result's, on its own timing) can lie over the canvas's corner: the pictures
  // are taken with toasts hidden.
  const picture = () =>
    canvas.screenshot({ style: '[data-sonner-toaster] { visibility: hidden !important; }' });
  /** The canvas's picture once it has settled (it redraws on the frame after a change). */
  const settled = async () => {
    let last = await picture();
    await expect
      .poll(async () => {
        const next = await picture();
        const same = Buffer.compare(next, last) === 0;
        last = next;
        return same;
      })
      .toBe(true);
    return last;
  };
  // The pointer off the canvas, so no brush outline is in the pictures.
  await page.mouse.move(0, 0);
  const fitted = await settled();
  const fitPercent = await percent();

  await page.keyboard.press('+');
  await expect.poll(percent).toBeGreaterThan(fitPercent);
  await page.keyboard.press('-');
  await expect.poll(percent).toBe(fitPercent);
  await section.getByRole('button', { name: texts.zoomIn }).click();
  await section.getByRole('button', { name: texts.zoomIn }).click();
  const zoomed = await percent();
  expect(zoomed).toBeGreaterThan(fitPercent * 1.5);
  // Space on a focused button would press it: leave the buttons, as a person clicking away would.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.mouse.move(0, 0);
  const beforePan = await settled();
  const [cx, cy] = await onScreen(page, [600, 450]);
  await page.keyboard.down(' ');
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx - 150, cy - 100, { steps: 8 });
  await page.mouse.up();
  await page.keyboard.up(' ');
  await page.mouse.move(0, 0);
  expect(await percent()).toBe(zoomed);
  expect(Buffer.compare(await settled(), beforePan), 'the pan moved the view').not.toBe(0);

  await page.keyboard.press('0');
  await expect.poll(percent).toBe(fitPercent);
  expect(Buffer.compare(await settled(), fitted), 'back to the same picture').toBe(0);
}

async function touchUpAndCheck(page: Page, drag: Drag, label: string): Promise<void> {
  await signUpThroughForm(
    page,
    {
      name: 'Vivian Maier',
      email: uniqueEmail(`touch-up-${label}`),
      password: 'touch-up-Passw0rd-e2e',
    },
    { confirm: true },
  );
  await expectPath(page, paths.dashboard);
  await openEditor(page);
  await page.getByLabel('Choose an image to upload').setInputFiles(await writePhoto(dir));
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: editorTexts.removed }),
  ).toBeVisible({ timeout: 60_000 });
  const credits = await creditsOf(page);

  const section = page.getByTestId('touch-up');
  await section.getByRole('button', { name: texts.open }).click();
  const canvas = page.getByTestId('touch-up-canvas');
  await canvas.scrollIntoViewIfNeeded();
  await expect(canvas.getByText(texts.loading)).toBeHidden();
  await expect(canvas.locator('canvas')).toBeVisible();
  // On a phone the brush area takes the editor card's width, not a padded box in it (issue 26).
  const screenWidth = page.viewportSize()!.width;
  if (screenWidth < 640) {
    expect((await canvas.boundingBox())!.width).toBeGreaterThanOrEqual(screenWidth * 0.9);
  }
  await section.getByRole('slider', { name: texts.size }).fill(String(BRUSH));
  await expect(section.getByText(texts.sizeValue(BRUSH))).toBeVisible();

  // Erase a stroke across the disc; undo and redo it from the keyboard.
  await expect(section.getByRole('button', { name: texts.erase })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await drag(page, [450, Y], [750, Y]);
  const undoButton = section.getByRole('button', { name: texts.undo });
  await expect(undoButton).toBeEnabled();
  await page.keyboard.press('Control+z');
  await expect(undoButton).toBeDisabled();
  await page.keyboard.press('Control+Shift+z');
  await expect(undoButton).toBeEnabled();
  // With a mouse and keys: zoom, pan and fit, which leave the mask as it is.
  if (drag === mouseDrag) await zoomPanAndFit(page);

  // Restore the left part of it (R is Restore's key).
  await page.keyboard.press('r');
  await expect(section.getByRole('button', { name: texts.restore })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await drag(page, [450, Y], [600, Y]);

  // Before shows the photo, After the cut-out.
  await section.getByRole('button', { name: texts.before }).click();
  await expect(section.getByRole('button', { name: texts.before })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await lookAt(page, { path: path.join(screens, `touch-up-before-${label}.png`) });
  await section.getByRole('button', { name: texts.after }).click();
  await lookAt(page, { path: path.join(screens, `touch-up-${label}.png`) });

  await section.getByRole('button', { name: texts.save }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: texts.saved })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.locator('img[data-variant="transparent_bg"]')).toHaveAttribute(
    'src',
    /[?&]v=1$/,
  );
  await expect(section.getByText(texts.edited(1))).toBeVisible();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: editorTexts.downloadTransparent }).click(),
  ]);
  const result = await alphaOf(download);
  expect(result.width).toBe(W);
  // Restored: opaque from the stroke's start to the restore's end.
  for (let x = 470; x <= 580; x += 10) expect(result.at(x, Y), `x=${x}`).toBe(255);
  // Erased and not restored: transparent.
  for (let x = 625; x <= 730; x += 10) expect(result.at(x, Y), `x=${x}`).toBe(0);
  // Untouched parts of the disc stay the model's (opaque), above and below the stroke.
  expect(result.at(680, Y - BRUSH)).toBeGreaterThan(200);
  expect(result.at(680, Y + BRUSH)).toBeGreaterThan(200);
  // The refined result follows the same mask.
  const [refinedDownload] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: editorTexts.downloadRefined }).click(),
  ]);
  const refined = await alphaOf(refinedDownload);
  expect(refined.at(700, Y)).toBe(0);
  expect(refined.at(500, Y)).toBe(255);
  // Nothing was charged for the touch-up.
  expect(await creditsOf(page)).toBe(credits);
  if (label === '1280') await historyDownloadsFollow(page);
  await lookAt(page, {
    path: path.join(screens, `touch-up-saved-${label}.png`),
    fullPage: true,
  });

  // Back to the model's result.
  await section.getByRole('button', { name: texts.open }).click();
  await section.getByRole('button', { name: texts.resetOriginal }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: texts.reset })).toBeVisible();
  await expect(page.locator('img[data-variant="transparent_bg"]')).not.toHaveAttribute('src', /v=/);
}

/**
 * /dashboard/history offers the touched-up version of each result at full size: every link
 * answers 200 with the saved mask (issue 39: its links read `?v=1?download=1` and answered 400).
 */
async function historyDownloadsFollow(editor: Page) {
  const page = await editor.context().newPage();
  await page.goto(paths.dashboardHistory);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link') })
    .first();
  for (const [label, erased] of [
    [editorTexts.downloadRefined, 'clear'],
    [editorTexts.downloadWhiteBg, 'white'],
    [editorTexts.downloadTransparent, 'clear'],
  ] as const) {
    const link = item.getByRole('link', { name: label });
    await expect(link).toHaveAttribute('href', /[?&]v=1&download=1$/);
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(await download.failure(), label).toBeNull();
    const { data, info } = await sharp(await download.path())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(info.width, label).toBe(W);
    const rgba = (x: number, y: number) => [...data.subarray((y * W + x) * 4, (y * W + x) * 4 + 4)];
    // Erased: transparent, or white on the white background; restored: the red disc, opaque.
    if (erased === 'white') expect(rgba(700, Y), label).toEqual([255, 255, 255, 255]);
    else expect(rgba(700, Y)[3], label).toBe(0);
    const [red, , , alpha] = rgba(500, Y);
    expect(alpha, label).toBe(255);
    expect(red, label).toBeGreaterThan(150);
  }
  await page.close();
}

test.describe('the touch-up brush', () => {
  test('with a mouse at 1280 px: erase, restore part, save, and the download follows', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 900 });
    await touchUpAndCheck(page, mouseDrag, '1280');
  });
});

test.describe('the touch-up brush on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

  test('with a finger at 360 px: erase, restore part, save, and the download follows', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await touchUpAndCheck(page, fingerDrag, '360');
  });
});
