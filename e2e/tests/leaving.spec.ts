import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  accountDeletionStatement,
  deletedUserName,
  jobsApiPaths,
  leavingTexts,
  paths,
  pricingTexts,
} from '@cutout/contracts';
import type { Page } from '@playwright/test';
import { readPdf } from '../../apps/server/src/test/pdf.js';
import { unzip } from '../../apps/server/src/test/unzip.js';
import { e2eAdmin } from './admin-helpers.js';
import {
  expectPath,
  signInFailed,
  signInThroughForm,
  signUpThroughForm,
  uniqueEmail,
} from './accounts-helpers.js';
import { openEditor, scratchDir, writePhoto } from './editor-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Leaving with one's data (issue 38 item 4, decision 0270), as a customer does it: buy a pack
// through the sandbox, process an image, download the export from /dashboard/settings and read
// it, delete the account through the dialog; then the address cannot sign in, the image answers
// 404, and the admin's order list shows the order under the replaced name with its invoice as
// issued.

const dir = scratchDir();
const shots = '.artifacts/screenshots';

async function buyTenCredits(page: Page) {
  await page.goto(paths.pricing);
  await page
    .getByRole('group', { name: '10 Credits' })
    .getByRole('button', { name: pricingTexts.buyNow })
    .click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkouts\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expectPath(page, paths.paymentSuccess);
  await expect(page.getByTestId('order-credits')).toHaveText('10', { timeout: 15_000 });
}

// The refused sign-in is a deliberate 401; so are the signed-in reads the page still had in
// flight when the account went (checked below: only those).
test.use({ allowHttpErrors: true });

test('a customer downloads their data, then deletes the account; the admin keeps the order, anonymised', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) {
      refused.push(`${response.status()} ${new URL(response.url()).pathname}`);
    }
  });
  const email = uniqueEmail('leaving');
  const password = 'leaving-Passw0rd-e2e';
  await signUpThroughForm(page, { name: 'Hedy Lamarr', email, password });
  await expect(page).toHaveURL((url) => url.pathname === paths.dashboard, { timeout: 30_000 });
  await buyTenCredits(page);

  // One image through the real engine, so the history holds it.
  await openEditor(page);
  await page
    .getByLabel('Choose an image to upload')
    .setInputFiles(await writePhoto(dir, 'lamp.jpg'));
  await expect(page.locator('img[data-variant="transparent_bg"]')).toBeVisible({
    timeout: 90_000,
  });
  const history = (await (await page.request.get('/api/me/history')).json()) as {
    items: { id: string }[];
  };
  const jobId = history.items[0]!.id;
  const orders = (await (await page.request.get('/api/me/orders')).json()).orders as {
    id: string;
    receiptNumber: string;
    invoiceNumber: string | null;
  }[];
  expect(orders).toHaveLength(1);
  const order = orders[0]!;

  // 'Download my data': the zip, read back.
  await page.goto(paths.dashboardSettings);
  const section = page.getByRole('heading', { name: leavingTexts.sectionTitle });
  await section.scrollIntoViewIfNeeded();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: leavingTexts.download }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^cutout-data-\d{4}-\d\d-\d\d\.zip$/);
  const zip = await unzip(await readFile(await download.path()));
  const exported = JSON.parse(zip.get('orders.json')!.toString()) as {
    id: string;
    invoices: string[];
  }[];
  expect(exported.map((o) => o.id)).toEqual([order.id]);
  expect(exported[0]!.invoices).toHaveLength(1);
  const invoice = await readPdf(zip.get(exported[0]!.invoices[0]!)!);
  expect(invoice.text).toContain(order.receiptNumber);
  expect(JSON.parse(zip.get('profile.json')!.toString())).toMatchObject({
    email,
    name: 'Hedy Lamarr',
  });
  expect(zip.get('credit-ledger.csv')!.toString()).toContain(',purchase,10,');
  expect([...zip.keys()].filter((n) => n.startsWith('images/lamp/')).sort()).toEqual([
    'images/lamp/lamp.jpg',
    'images/lamp/lamp_refined.png',
    'images/lamp/lamp_transparent_bg.png',
    'images/lamp/lamp_white_bg.png',
  ]);

  // 'Delete my account': the dialog says what happens and asks for the password.
  await page.getByRole('button', { name: leavingTexts.delete }).click();
  const dialog = page.getByRole('dialog', { name: leavingTexts.dialogTitle });
  for (const line of [...accountDeletionStatement.erasedNow, ...accountDeletionStatement.kept]) {
    await expect(dialog.getByText(line, { exact: true })).toBeVisible();
  }
  await dialog.getByLabel(leavingTexts.passwordLabel).fill(password);
  await lookAt(page, { path: path.join(shots, 'delete-account-dialog.png'), fullPage: false });
  await dialog.getByRole('button', { name: leavingTexts.confirm }).click();
  await expectPath(page, paths.home);
  await expect(page.getByText(leavingTexts.deleted)).toBeVisible();

  // The address cannot sign in any more.
  await page.goto(paths.signIn);
  await signInThroughForm(page, email, password);
  await expect(page.getByRole('alert').filter({ hasText: signInFailed })).toBeVisible();
  await expectPath(page, paths.signIn);

  // The admin: the image answers 404, the order is listed under the replaced name, and its
  // invoice is still the one issued.
  const admin = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.38.4.1' },
  });
  const adminPage = await admin.newPage();
  await adminPage.goto(paths.signIn);
  await adminPage.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await signInThroughForm(adminPage, e2eAdmin.email, e2eAdmin.password);
  await expectPath(adminPage, paths.dashboard);
  for (const url of [jobsApiPaths.result(jobId, 'refined'), jobsApiPaths.original(jobId)]) {
    expect((await adminPage.request.get(url)).status(), url).toBe(404);
  }
  await adminPage.goto(paths.adminSubscriptions);
  await adminPage.getByRole('searchbox').first().fill(order.receiptNumber);
  const row = adminPage.getByRole('row').filter({ hasText: order.receiptNumber });
  await expect(row).toContainText(deletedUserName);
  await expect(row).not.toContainText(email);
  await lookAt(row, { path: path.join(shots, 'admin-deleted-user-order.png') });
  await adminPage.getByRole('button', { name: `View order ${order.receiptNumber}` }).click();
  const invoiceLink = adminPage.getByTestId('order-invoices').getByRole('link').first();
  const [pdfDownload] = await Promise.all([
    adminPage.waitForEvent('download'),
    invoiceLink.click(),
  ]);
  const issued = await readPdf(await readFile(await pdfDownload.path()));
  expect(issued.text).toContain(order.receiptNumber);
  expect(issued.text).toContain(email);
  await admin.close();
  test.info().annotations.push({ type: 'refused', description: refused.join(', ') });
  // Nothing but 401s: the wrong sign-in and the deleted session's reads of the signed-in user.
  for (const answer of refused)
    expect(answer).toMatch(/^401 \/api\/(auth\/sign-in|me\b|auth\/session)/);
  expect(refused).toContain('401 /api/auth/sign-in');
});
