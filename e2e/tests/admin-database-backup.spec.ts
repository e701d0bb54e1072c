import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { databaseBackupTexts, databaseTexts, paths } from '@cutout/contracts';
import type { Page } from '@playwright/test';
import { signInThroughForm } from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Issue 38 item 2 end to end: Admin → Database Backup and Restore on a SQLite file and on the
// local PostgreSQL (a database of its own, dropped at the end). Each test downloads a backup,
// changes the data, has a damaged file refused with 'Restore failed' (the data stays as it was),
// then restores the backup and finds the data as it was backed up.

const shots = '.artifacts/admin-database-backup';

// The refused restores answer 4xx on purpose; the browser logs each.
test.use({ allowHttpErrors: true });
const postgresUrl = process.env.TEST_DATABASE_URL;

async function toast(page: Page, text: string | RegExp) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/** Adds a connection that allows writes through the dialog, and connects it. */
async function addAndConnect(
  page: Page,
  name: string,
  fields: { type: 'sqlite' | 'postgresql'; database: string; url?: URL },
) {
  await page.goto(paths.adminDatabaseManagement);
  await page.getByRole('button', { name: 'Add Connection' }).click();
  const dialog = page.getByTestId('connection-dialog');
  await dialog.getByLabel('Database Type').selectOption(fields.type);
  await dialog.getByLabel('Connection Name').fill(name);
  if (fields.url) {
    await dialog.getByLabel('Host').fill(fields.url.hostname);
    await dialog.getByLabel('Port').fill(fields.url.port || '5432');
    await dialog.getByLabel('Username').fill(decodeURIComponent(fields.url.username));
    await dialog
      .getByLabel('Password')
      .fill(decodeURIComponent(fields.url.password) || 'unused-password');
    await dialog.getByLabel('Database', { exact: true }).fill(fields.database);
  } else {
    await dialog.getByLabel('Database file').fill(fields.database);
  }
  await dialog.getByRole('switch', { name: 'Allow writes' }).click();
  await dialog.getByRole('button', { name: 'Save Connection' }).click();
  await toast(page, databaseTexts.connectionSaved);
  const row = page.getByTestId('connection-row').filter({ hasText: name }).first();
  await row.getByRole('button', { name: 'Connect' }).click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Status' }).click();
  return page.getByTestId('database-backup');
}

/** Clicks Backup and answers the downloaded file's bytes and name. */
async function backup(page: Page, card: ReturnType<Page['getByTestId']>, dir: string) {
  const download = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Backup' }).click();
  const file = await download;
  const saved = path.join(dir, file.suggestedFilename());
  await file.saveAs(saved);
  await toast(page, `Backup downloaded: ${file.suggestedFilename()}`);
  return { saved, bytes: readFileSync(saved), name: file.suggestedFilename() };
}

/** Restore through the dialog: the file, the database name typed out, Restore. */
async function restore(
  page: Page,
  card: ReturnType<Page['getByTestId']>,
  file: string,
  database: string,
) {
  await card.getByRole('button', { name: 'Restore' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this database?' });
  await dialog.getByLabel('Backup file').setInputFiles(file);
  const submit = dialog.getByRole('button', { name: 'Restore', exact: true });
  await dialog.getByLabel(`Type ${database} to confirm`).fill(`${database}-not`);
  await expect(submit).toBeDisabled();
  await dialog.getByLabel(`Type ${database} to confirm`).fill(database);
  await expect(submit).toBeEnabled();
  await submit.click();
  return dialog;
}

test('Backup and Restore on a SQLite file, a damaged file refused', async ({ page }, info) => {
  test.setTimeout(90_000);
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const sqliteDir = path.join(dataDir, 'sqlite-connections');
  mkdirSync(sqliteDir, { recursive: true });
  const fileName = `backup-${randomBytes(3).toString('hex')}.db`;
  const file = path.join(sqliteDir, fileName);
  const db = new Database(file);
  db.exec(
    "create table notes (id integer primary key, body text not null); insert into notes (body) values ('first'), ('second')",
  );
  db.close();
  const notes = () => {
    const d = new Database(file, { readonly: true });
    try {
      return d.prepare('select id, body from notes order by id').all();
    } finally {
      d.close();
    }
  };

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughForm(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL((url) => url.pathname === paths.dashboard);
  const card = await addAndConnect(page, 'E2E SQLite backup', {
    type: 'sqlite',
    database: fileName,
  });
  await expect(card).toContainText('File: SQLite database file.');

  const dir = info.outputPath('downloads');
  mkdirSync(dir, { recursive: true });
  const saved = await backup(page, card, dir);
  expect(saved.name).toMatch(/^backup-[0-9a-f]{6}-[\dT-]+Z\.sqlite$/);
  expect(saved.bytes.subarray(0, 16).toString('latin1')).toBe('SQLite format 3\0');
  const original = notes();

  const w = new Database(file);
  w.exec("delete from notes where id = 1; insert into notes (body) values ('third')");
  w.close();
  const changed = notes();
  expect(changed).not.toEqual(original);

  // A damaged copy: refused, and the file stays as it was.
  const damaged = Buffer.from(saved.bytes);
  damaged.fill(0x5a, 4096, Math.min(damaged.length, 8192));
  const damagedFile = path.join(dir, 'damaged.sqlite');
  writeFileSync(damagedFile, damaged);
  let dialog = await restore(page, card, damagedFile, fileName);
  await expect(dialog.getByRole('alert')).toContainText(`${databaseTexts.restoreFailed}: `);
  await lookAt(page, { path: `${shots}/sqlite-refused.png` });
  expect(notes()).toEqual(changed);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  dialog = await restore(page, card, saved.saved, fileName);
  await toast(page, databaseBackupTexts.restored(fileName));
  await expect(dialog).toHaveCount(0);
  expect(notes()).toEqual(original);
  await lookAt(page, { path: `${shots}/sqlite-card.png`, fullPage: true });
});

test('Backup and Restore on PostgreSQL, a damaged file refused', async ({ page }, info) => {
  test.skip(!postgresUrl, 'TEST_DATABASE_URL is not set (the local PostgreSQL this test uses)');
  test.setTimeout(120_000);
  const server = new URL(postgresUrl!);
  const database = `cutout_e2e_bk_${randomBytes(4).toString('hex')}`;
  const inside = new URL(postgresUrl!);
  inside.pathname = `/${database}`;
  const psql = (url: URL, sql: string) =>
    execFileSync('psql', [url.toString(), '-XAtq', '-v', 'ON_ERROR_STOP=1', '-c', sql], {
      encoding: 'utf8',
    }).trim();
  psql(server, `create database ${database}`);
  try {
    psql(
      inside,
      "create table notes (id int primary key, body text not null); insert into notes select i, 'note ' || i from generate_series(1, 2000) as i",
    );
    const snapshot = () =>
      psql(inside, "select count(*) || ':' || sum(length(body)) || ':' || min(body) from notes");

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInThroughForm(page, e2eAdmin.email, e2eAdmin.password);
    await expect(page).toHaveURL((url) => url.pathname === paths.dashboard);
    const card = await addAndConnect(page, 'E2E PostgreSQL backup', {
      type: 'postgresql',
      database,
      url: server,
    });
    await expect(card).toContainText('File: pg_dump custom-format archive.');

    const dir = info.outputPath('downloads');
    mkdirSync(dir, { recursive: true });
    const saved = await backup(page, card, dir);
    expect(saved.name).toMatch(new RegExp(`^${database}-[\\dT-]+Z\\.dump$`));
    expect(saved.bytes.subarray(0, 5).toString('latin1')).toBe('PGDMP');
    const original = snapshot();

    psql(
      inside,
      "delete from notes where id > 1000; update notes set body = 'changed' where id = 1",
    );
    const changed = snapshot();
    expect(changed).not.toEqual(original);

    // Cut short: the table of contents reads, the data does not; one transaction rolls back.
    const damagedFile = path.join(dir, 'damaged.dump');
    writeFileSync(damagedFile, saved.bytes.subarray(0, Math.floor(saved.bytes.length * 0.9)));
    let dialog = await restore(page, card, damagedFile, database);
    await expect(dialog.getByRole('alert')).toContainText(`${databaseTexts.restoreFailed}: `);
    await lookAt(page, { path: `${shots}/postgresql-refused.png` });
    expect(snapshot()).toEqual(changed);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    dialog = await restore(page, card, saved.saved, database);
    await toast(page, databaseBackupTexts.restored(database));
    await expect(dialog).toHaveCount(0);
    expect(snapshot()).toEqual(original);
  } finally {
    // The app's pool may still hold a connection to the database: end it first.
    psql(
      server,
      `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${database}' and pid <> pg_backend_pid()`,
    );
    psql(server, `drop database if exists ${database}`);
  }
});
