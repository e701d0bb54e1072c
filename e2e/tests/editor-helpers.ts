import { paths } from '@cutout/contracts';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
// Hoisted from apps/server (it decodes uploads there); used here to draw test photos.
import sharp from 'sharp';
import { e2eAdmin } from './admin-helpers.js';
import { signInThroughForm } from './accounts-helpers.js';
import { expect } from './fixtures.js';

/** A scratch directory for this run's generated files (nothing binary is committed). */
export function scratchDir(): string {
  return mkdtempSync(path.join(tmpdir(), 'cutout-editor-e2e-'));
}

/**
 * A photo-like JPEG: a red disc and a blue block on a noisy, textured background, so the model
 * has a subject to find and the three results differ from each other.
 */
export async function writePhoto(dir: string, name = 'studio-shot.jpg'): Promise<string> {
  const width = 1200;
  const height = 900;
  const noise = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      // Stripes plus deterministic noise: a background with texture, not a flat colour.
      const stripe = ((x >> 4) + (y >> 4)) % 2 === 0 ? 30 : 0;
      const grain = (x * 7919 + y * 104729) % 41;
      noise[i] = 150 + stripe + grain;
      noise[i + 1] = 170 + stripe + grain;
      noise[i + 2] = 140 + stripe + grain;
    }
  }
  const subject = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
      <circle cx="600" cy="430" r="250" fill="#d62828"/>
      <rect x="520" y="600" width="160" height="240" rx="24" fill="#1d3557"/>
    </svg>`,
  );
  const file = path.join(dir, name);
  await sharp(noise, { raw: { width, height, channels: 3 } })
    .composite([{ input: subject }])
    .jpeg({ quality: 90 })
    .toFile(file);
  return file;
}

/** Text pretending to be a file the editor must refuse. */
export function writeTextFile(dir: string): string {
  const file = path.join(dir, 'notes.txt');
  writeFileSync(file, 'not an image\n');
  return file;
}

/** 11 MB with an image's name and type: refused for its size before anything is sent. */
export function writeLargeImage(dir: string): string {
  const file = path.join(dir, 'huge.png');
  writeFileSync(file, Buffer.alloc(11 * 1024 * 1024, 1));
  return file;
}

/** Opens the home page at the editor and waits until its code has replaced the frame. */
export async function openEditor(page: Page): Promise<void> {
  await page.goto('/#editor');
  await expect(page.getByLabel('Choose an image to upload')).toBeAttached();
}

/** The signed-in page's own credit balance, from GET /api/me. */
export async function creditsOf(page: Page): Promise<number> {
  const response = await page.request.get('/api/me');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { credits: number }).credits;
}

export async function userIdOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/me');
  return ((await response.json()) as { id: string }).id;
}

/** The admin sets a user's credits (PATCH /users/{id}/credits), in a context of its own. */
export async function setCreditsAsAdmin(
  page: Page,
  userId: string,
  credits: number,
): Promise<void> {
  const context = await page
    .context()
    .browser()!
    .newContext({ baseURL: baseUrlOf(page) });
  try {
    const admin = await context.newPage();
    // A page of its own context is not the fixture's page: wait for hydration here, or the
    // click submits the bare HTML form.
    await admin.goto(paths.signIn);
    await admin.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    await signInThroughForm(admin, e2eAdmin.email, e2eAdmin.password);
    await expect(admin).toHaveURL(/\/dashboard$/);
    const response = await admin.request.patch(`/users/${encodeURIComponent(userId)}/credits`, {
      data: { credits },
    });
    expect(response.status()).toBe(200);
  } finally {
    await context.close();
  }
}

function baseUrlOf(page: Page): string {
  return new URL(page.url()).origin;
}

/** Counts POST /api/jobs requests the page sends, to prove that none was made. */
export function countJobRequests(page: Page): { count: () => number } {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/jobs') count++;
  });
  return { count: () => count };
}

/**
 * Records every value the Processing panel shows (percent and stage), as the DOM changes, so a
 * test can check the bar moved through real intermediate states.
 */
export async function recordProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    const record = () => {
      const percent = document.querySelector('[data-testid="processing-percent"]')?.textContent;
      const stage = document.querySelector('[data-testid="processing-stage"]')?.textContent;
      if (!percent) return;
      const value = `${percent}|${stage ?? ''}`;
      if (seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __progress: string[] }).__progress.slice());
}
