import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { backupTexts, paths } from '@cutout/contracts';
import { signInThroughForm } from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Admin → Settings → Backups (issue 38, decision 0268): 'Back up now', the archive listed with
// its date, size and SHA-256, downloaded with those bytes, then deleted.

const shots = '.artifacts/admin-backups';

test('admin backups: back up now, download the listed archive, delete it', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughForm(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL((url) => url.pathname === paths.dashboard);

  await page.goto(paths.adminSettings);
  await page.getByRole('tab', { name: backupTexts.tab }).click();
  const list = page.getByRole('list', { name: backupTexts.title });
  const rows = list.getByRole('listitem');
  const before = (await list.count()) === 0 ? 0 : await rows.count();

  await page.getByRole('button', { name: backupTexts.backUpNow }).click();
  await expect(rows).toHaveCount(before + 1, { timeout: 30_000 });
  const row = rows.first();
  const name = (await row.locator('p').first().textContent())!;
  expect(name).toMatch(/^cutout-backup-\d{8}T\d{6}Z-[0-9a-f]{6}\.zip$/);
  const sha256 = (await row.locator('p.font-mono').textContent())!.replace(/^SHA-256\s*/, '');
  await lookAt(page, { path: `${shots}/listed.png`, fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: backupTexts.download }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(name);
  const bytes = await readFile(await download.path());
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(sha256);

  await row.getByRole('button', { name: `${backupTexts.delete} ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: backupTexts.delete }).click();
  await expect(page.getByText(name)).toHaveCount(0);
});
