import { randomBytes } from 'node:crypto';
import { databaseConfigTexts, databaseTexts, paths } from '@cutout/contracts';
import type { Page } from '@playwright/test';
import { signInThroughForm } from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Issue 16 end to end: the admin's database screen on the local PostgreSQL — a connection made
// in the dialog, tested, copied, deleted and connected; tables created and read in the Query
// editor; their keys in Tables; measured figures in Status. The tables are dropped at the end.

const postgresUrl = process.env.TEST_DATABASE_URL;
const shots = '.artifacts/admin-database';

async function toast(page: Page, text: string | RegExp) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

test.skip(
  !postgresUrl,
  'TEST_DATABASE_URL is not set (the local PostgreSQL this test connects to)',
);

test('database management walks Connections, Status, Query and Tables on PostgreSQL', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const target = new URL(postgresUrl!);
  const prefix = `cutout_e2e_${randomBytes(4).toString('hex')}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughForm(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL((url) => url.pathname === paths.dashboard);

  await page.goto(paths.adminDatabaseManagement);
  await expect(page.getByRole('heading', { level: 1, name: 'Database Management' })).toBeVisible();

  // Nothing connected yet: the three texts of spec §2.
  await page.getByRole('tab', { name: 'Status' }).click();
  await expect(page.getByText(databaseTexts.noStatus)).toBeVisible();
  await page.getByRole('tab', { name: 'Query Editor' }).click();
  await expect(page.getByText(databaseTexts.noQuery)).toBeVisible();
  await page.getByRole('tab', { name: 'Tables' }).click();
  await expect(page.getByText(databaseTexts.noTables)).toBeVisible();

  // The dialog: fields per type, the §5 messages, then a real connection.
  await page.getByRole('tab', { name: 'Connections' }).click();
  await page.getByRole('button', { name: 'Add Connection' }).click();
  const dialog = page.getByTestId('connection-dialog');
  const type = dialog.getByLabel('Database Type');
  await type.selectOption('sqlite');
  await expect(dialog.getByLabel('Host')).toHaveCount(0);
  await expect(dialog.getByLabel('Username')).toHaveCount(0);
  await expect(dialog.getByRole('switch', { name: 'Use SSL' })).toHaveCount(0);
  await type.selectOption('mongodb');
  await expect(dialog.getByLabel('Port')).toHaveValue('27017');
  await expect(dialog.getByRole('switch', { name: 'Use SSL' })).toHaveCount(0);
  await type.selectOption('postgresql');
  await expect(dialog.getByLabel('Port')).toHaveValue('5432');
  await expect(dialog.getByLabel('Timeout (ms)')).toHaveValue('60000');
  await expect(dialog.getByRole('switch', { name: 'Use SSL' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Save Connection' }).click();
  await toast(page, databaseTexts.nameRequired);
  await dialog.getByLabel('Connection Name').fill('E2E PostgreSQL');
  await dialog.getByLabel('Host').fill('');
  await dialog.getByRole('button', { name: 'Save Connection' }).click();
  await toast(
    page,
    'Configuration error: Host is required, Database name is required, Username is required',
  );
  await dialog.getByLabel('Host').fill(target.hostname);
  await dialog.getByLabel('Port').fill(target.port || '5432');
  await dialog.getByLabel('Database', { exact: true }).fill(target.pathname.slice(1));
  await dialog.getByLabel('Username').fill(decodeURIComponent(target.username));
  await dialog
    .getByLabel('Password')
    .fill(decodeURIComponent(target.password) || 'unused-password');
  // Read-only unless turned on; this walk writes (and is asked each time).
  const allowWrites = dialog.getByRole('switch', { name: 'Allow writes' });
  await expect(allowWrites).toHaveAttribute('aria-checked', 'false');
  await allowWrites.click();
  await lookAt(page, { path: `${shots}/dialog.png` });
  await page.setViewportSize({ width: 360, height: 800 });
  await allowWrites.scrollIntoViewIfNeeded();
  await lookAt(page, { path: `${shots}/dialog-phone.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: 'Save Connection' }).click();
  await toast(page, databaseTexts.connectionSaved);

  const row = page.getByTestId('connection-row').filter({ hasText: 'E2E PostgreSQL' }).first();
  await row.getByRole('button', { name: 'Test' }).click();
  await toast(page, 'Connection successful');
  // The test's user is PostgreSQL's superuser: Test says so, and so does the dialog (0266).
  await toast(page, /Use a read-only role/);
  await row.getByRole('button', { name: 'Edit' }).click();
  await expect(dialog.getByRole('note')).toContainText(
    databaseConfigTexts.powerfulRole(decodeURIComponent(target.username), ['superuser']),
  );
  const reach = dialog.getByRole('switch', { name: 'Allow server files and programs' });
  await expect(reach).toHaveAttribute('aria-checked', 'false');
  await expect(reach).toBeEnabled();
  await reach.scrollIntoViewIfNeeded();
  await lookAt(page, { path: `${shots}/dialog-rights.png` });
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await row.getByRole('button', { name: 'Copy' }).click();
  await toast(page, databaseTexts.connectionDuplicated);
  const copy = page.getByTestId('connection-row').filter({ hasText: 'E2E PostgreSQL (Copy)' });
  await expect(copy).toBeVisible();
  await copy.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete Connection' }).click();
  await expect(copy).toHaveCount(0);

  await row.getByRole('button', { name: 'Connect' }).click();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await lookAt(page, { path: `${shots}/connections.png` });

  // Query editor.
  await page.getByRole('tab', { name: 'Query Editor' }).click();
  const editor = page.getByRole('textbox', { name: 'Query Editor' });
  const execute = page.getByRole('button', { name: 'Execute Query' });
  await execute.click();
  await toast(page, databaseTexts.enterQuery);
  await expect(page.getByTestId('query-mode')).toHaveText('Writes allowed');
  const run = async (sql: string) => {
    await editor.fill(sql);
    await execute.click();
    await expect(page.getByRole('button', { name: 'Execute Query' })).toBeEnabled();
  };
  /** A statement that writes: the server asks first, and it runs once confirmed. */
  let shotConfirm = true;
  const write = async (sql: string) => {
    await editor.fill(sql);
    await execute.click();
    const confirm = page.getByRole('dialog', { name: 'Run a statement that writes?' });
    await expect(confirm).toContainText(sql);
    if (shotConfirm) await lookAt(page, { path: `${shots}/confirm-write.png` });
    shotConfirm = false;
    await confirm.getByRole('button', { name: 'Run Statement' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Execute Query' })).toBeEnabled();
  };
  await write(
    `create table ${prefix}_teams (id serial primary key, name text not null default 'team')`,
  );
  await expect(
    page.getByTestId('query-result').getByText('Success', { exact: true }),
  ).toBeVisible();
  await write(
    `create table ${prefix}_players (id serial primary key, team_id integer not null references ${prefix}_teams(id), nick text)`,
  );
  await write(`insert into ${prefix}_teams (name) values ('Red'), ('Blue')`);
  await expect(page.getByText('Rows affected: 2')).toBeVisible();
  await run(`select id, name from ${prefix}_teams order by id`);
  const result = page.getByTestId('query-result');
  // A read: no "rows affected"; a grid with the column headers, and the JSON beside it.
  await expect(result).toContainText('2 rows');
  await expect(result).not.toContainText('Rows affected');
  await expect(result.getByRole('columnheader')).toHaveText(['id', 'name']);
  await expect(result.getByRole('row').nth(2)).toContainText('Blue');
  await expect(result).toContainText(/Execution time: \d+\.\d\d ms/);
  await lookAt(page, { path: `${shots}/query.png` });
  await page.setViewportSize({ width: 360, height: 800 });
  await result.scrollIntoViewIfNeeded();
  await lookAt(page, { path: `${shots}/query-phone.png` });
  await page.setViewportSize({ width: 1280, height: 900 });
  await result.getByRole('tab', { name: 'JSON' }).click();
  await expect(result).toContainText('"name": "Blue"');
  await run(`select * from ${prefix}_nowhere`);
  await expect(result.getByText('Error', { exact: true })).toBeVisible();
  await toast(page, databaseTexts.queryExecutionFailed);

  // Tables, from the catalogue.
  await page.getByRole('tab', { name: 'Tables' }).click();
  await page.getByRole('button', { name: 'Refresh' }).click();
  const players = page.locator(`[data-table="${prefix}_players"]`);
  await expect(players).toBeVisible();
  await expect(
    players.locator('[data-column="id"]').getByText('PK', { exact: true }),
  ).toBeVisible();
  const teamId = players.locator('[data-column="team_id"]');
  await expect(teamId.getByText('FK', { exact: true })).toBeVisible();
  await expect(teamId.getByText('NOT NULL')).toBeVisible();
  await expect(
    players.locator('[data-column="nick"]').getByText('NULL', { exact: true }),
  ).toBeVisible();
  await expect(page.locator(`[data-table="${prefix}_teams"]`)).toContainText('Rows: 2');
  await players.scrollIntoViewIfNeeded();
  await lookAt(page, { path: `${shots}/tables.png` });

  // Status: measured figures.
  await page.getByRole('tab', { name: 'Status' }).click();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  // Three writes, each asked about and then run, two reads.
  await expect(page.getByTestId('status-total-queries')).toHaveText('8');
  await expect(page.getByTestId('status-average-response')).toHaveText(/^\d+\.\d\d ms$/);
  await lookAt(page, { path: `${shots}/status.png` });

  // Leave the shared database as it was; on the way, what reaches the server is refused.
  await page.getByRole('tab', { name: 'Query Editor' }).click();
  await run(`select "PG_READ_FILE"('/etc/hostname')`);
  await expect(result).toContainText(databaseConfigTexts.outsideDatabase('pg_read_file', false));
  await lookAt(page, { path: `${shots}/refused.png` });
  await write(`drop table ${prefix}_players, ${prefix}_teams`);
  await expect(
    page.getByTestId('query-result').getByText('Success', { exact: true }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'Connections' }).click();
  await row.getByRole('button', { name: 'Disconnect' }).click();
  await toast(page, 'Disconnected');
});
