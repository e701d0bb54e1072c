import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  checkoutTexts,
  paths,
  paymentTexts,
  pricingTexts,
  refundRuleTexts,
} from '@cutout/contracts';
import type { Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { readPdf } from '../../apps/server/src/test/pdf.js';
import { e2eAdmin } from './admin-helpers.js';
import {
  expectPath,
  signInThroughForm,
  signUpThroughForm,
  uniqueEmail,
} from './accounts-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Buying credits through the built-in sandbox provider, chosen explicitly on a production server
// (PAYMENTS_PROVIDER=sandbox in playwright.config.ts; decision 0120): its checkout page, its
// signed webhook back to the server, the PDF invoice, a refund request the admin approves, a
// declined card and a cancel. One sign-up per test.

/** The subjects of the mails the outbox holds for `to` (no SMTP server in these tests). */
function outboxSubjects(to: string): string[] {
  const db = new Database(path.join(process.env.E2E_DATA_DIR!, 'cutout.db'), {
    readonly: true,
    fileMustExist: true,
  });
  try {
    return db
      .prepare<[string], { subject: string }>('SELECT subject FROM outbox WHERE "to" = ?')
      .all(to)
      .map((r) => r.subject);
  } finally {
    db.close();
  }
}

const card = (page: Page, name: string) => page.getByRole('group', { name });
const shots = '.artifacts/screenshots';

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
}

async function balanceOnCreditsPage(page: Page): Promise<string> {
  await page.goto(paths.dashboardCredits);
  const balance = page.getByTestId('billing-balance');
  await expect(balance).toBeVisible();
  return (await balance.textContent()) ?? '';
}

test('production with the sandbox chosen: buy a pack, download the PDF invoice, request a refund, the admin approves it', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const buyerEmail = uniqueEmail('buyer');
  await signUpThroughForm(
    page,
    {
      name: 'Mary Jackson',
      email: buyerEmail,
      password: 'buyer-Passw0rd-e2e',
    },
    { confirm: true },
  );
  await expectPath(page, paths.dashboard);

  await page.goto(paths.pricing);
  // Test mode is an operator notice (issue 26): the buyer is told on the checkout page itself.
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  await expect(page.getByText(paymentTexts.testMode)).toHaveCount(0);
  await lookAt(page, { path: `${shots}/pricing.png`, fullPage: false });
  await card(page, '100 Credits').getByRole('button', { name: pricingTexts.buyNow }).click();

  // The sandbox's own checkout page, served by Cutout, marked test mode.
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkouts\//);
  await expect(page.getByText(paymentTexts.testMode)).toBeVisible();
  await expect(page.getByTestId('sandbox-total')).toHaveText('$20.62');
  await lookAt(page, { path: `${shots}/sandbox-checkout.png`, fullPage: true });
  await payWith(page, '4242 4242 4242 4242');

  await expectPath(page, paths.paymentSuccess);
  await expect(page.getByTestId('payment-state')).toHaveText(paymentTexts.paidTitle, {
    timeout: 15_000,
  });
  await expect(page.getByTestId('order-plan')).toHaveText('100 Credits');
  await expect(page.getByTestId('order-credits')).toHaveText('100');
  await expect(page.getByTestId('order-amount')).toHaveText('$20.62');
  await expect(page.getByTestId('current-balance')).toHaveText('110');
  await expect(page.getByText(checkoutTexts.creditsAdded(100))).toBeVisible();
  await lookAt(page, { path: `${shots}/payment-success.png`, fullPage: true });

  await page.goto(paths.dashboardSubscriptions);
  await expect(page.getByTestId('billing-balance')).toHaveText('110');
  const row = page.getByTestId('order-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('100 Credits');
  await expect(row).toContainText('$20.62');
  await expect(row).toContainText(/CUT-\d{8}-[0-9A-F]{8}/);
  await expect(row).toContainText(/TEST-\d{6}/);

  // The invoice is a PDF with the order's facts (parsed as a reader would).
  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: paymentTexts.downloadReceipt }).click();
  const invoice = await download;
  expect(invoice.suggestedFilename()).toMatch(/^cutout-invoice-TEST-\d{6}\.pdf$/);
  const pdf = await readPdf(await readFile(await invoice.path()));
  expect(pdf.lines).toContain('Item 100 Credits (100 credits, valid for one year)');
  expect(pdf.lines).toContain('Total $20.62');
  expect(pdf.lines).toContain('Payment method Visa •••• 4242');

  // No SMTP server here: 'E-mail receipt' says it could not be sent, without the site's set-up.
  await row.getByRole('button', { name: paymentTexts.emailReceipt }).click();
  await expect(page.getByText(paymentTexts.receiptQueued)).toBeVisible();
  await expect(page.getByTestId('credit-history')).toContainText('100 Credits bought');
  await lookAt(page, { path: `${shots}/subscriptions.png`, fullPage: true });

  // Bought packs stay buyable: the card says Purchased, Buy Now is still there.
  await page.goto(paths.pricing);
  await expect(card(page, '100 Credits').getByTestId('plan-purchased')).toBeVisible();
  await expect(
    card(page, '100 Credits').getByRole('button', { name: pricingTexts.buyNow }),
  ).toBeEnabled();

  // The buyer asks for the unused credits back, within 30 days of purchase.
  await page.goto(paths.dashboardSubscriptions);
  await page
    .getByTestId('order-row')
    .getByRole('button', { name: paymentTexts.requestRefund })
    .click();
  const dialog = page.getByRole('dialog', { name: paymentTexts.refundRequestTitle });
  await expect(dialog).toContainText('The 100 unused credits');
  await expect(dialog).toContainText('$20.62');
  await dialog.getByLabel(paymentTexts.refundRequestReason).fill('Bought the wrong pack');
  await lookAt(page, { path: `${shots}/refund-request.png`, fullPage: false });
  await dialog.getByRole('button', { name: paymentTexts.refundRequestSend }).click();
  await expect(page.getByText(paymentTexts.refundRequested)).toBeVisible();
  await expect(page.getByTestId('order-status')).toHaveText(paymentTexts.refundRequestPending);

  // The admin approves it in the back-office; the sandbox refunds; the credits go.
  const adminContext = await browser.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-forwarded-for': '10.23.0.7' },
  });
  const adminPage = await adminContext.newPage();
  const hydrated = () =>
    adminPage.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await adminPage.goto(paths.signIn);
  await hydrated();
  await signInThroughForm(adminPage, e2eAdmin.email, e2eAdmin.password);
  await expectPath(adminPage, paths.dashboard);
  // The sandbox chosen in production: every admin page says that anyone can get credits with the
  // test card (decision 0120).
  for (const adminPath of [
    paths.admin,
    paths.adminSettings,
    paths.adminDatabase,
    paths.adminDatabaseManagement,
    paths.adminUsers,
    paths.adminUserManagement,
    paths.adminPageManagement,
    paths.adminPages,
    paths.adminSubscriptions,
    paths.adminSubscriptionManagement,
    paths.adminIntegrationSettings,
    paths.adminPricingManagement,
    paths.adminAuditLog,
  ]) {
    await adminPage.goto(adminPath);
    await expect(adminPage.getByTestId('sandbox-banner'), adminPath).toContainText(
      'Anyone can get credits with the test card',
    );
  }
  await adminPage.goto('/admin/subscriptions?request=requested');
  await hydrated();
  await expect(adminPage.getByTestId('sandbox-banner')).toBeVisible();
  const receipt = (await (await page.request.get('/api/me/orders')).json()).orders[0]
    .receiptNumber as string;
  await adminPage.getByRole('button', { name: `View order ${receipt}` }).click();
  const panel = adminPage.getByTestId('refund-request');
  await expect(panel).toContainText('Bought the wrong pack');
  await lookAt(adminPage, { path: `${shots}/admin-refund-request.png`, fullPage: true });
  // Approving asks for confirmation with the amount, how it was computed and the images
  // processed since the request (decision 0263).
  await panel.getByRole('button', { name: 'Approve and refund' }).click();
  const confirmation = panel.getByTestId('approve-confirmation');
  await expect(confirmation).toContainText('$20.62 goes back to the buyer now');
  await expect(confirmation).toContainText(
    '20.62 USD × 100 unused ÷ 100 credits = 20.62 USD, rounded down: 20.62 USD.',
  );
  await expect(confirmation).toContainText('Images processed since the request: none.');
  await expect(confirmation).toContainText(refundRuleTexts.rule);
  await lookAt(adminPage, { path: `${shots}/admin-approve-confirmation.png`, fullPage: true });
  await confirmation.getByRole('button', { name: 'Yes, refund $20.62' }).click();
  await expect(adminPage.getByTestId('order-invoices')).toContainText('Credit note', {
    timeout: 15_000,
  });
  await adminContext.close();

  await expect
    .poll(async () => (await (await page.request.get('/api/me/billing')).json()).balance, {
      timeout: 15_000,
    })
    .toBe(10);
  expect(await balanceOnCreditsPage(page)).toBe('10');
  await lookAt(page, { path: `${shots}/credits.png`, fullPage: true });
  await page.goto(paths.dashboardSubscriptions);
  await expect(page.getByTestId('order-status')).toContainText(
    'Refunded ($20.62, 100 credits removed)',
  );
  // The credit note downloads beside the invoice.
  const creditNote = page.getByTestId('order-row').getByTestId('credit-note');
  await expect(creditNote).toHaveCount(1);
  const notePdf = await page.request.get((await creditNote.getAttribute('href'))!);
  expect(notePdf.headers()['content-type']).toBe('application/pdf');
  await creditNote.scrollIntoViewIfNeeded();
  await lookAt(page, { path: `${shots}/orders-credit-note.png`, fullPage: false });
  // The buyer's mails followed: the invoice, then the credit note.
  await expect
    .poll(() => outboxSubjects(buyerEmail), { timeout: 10_000 })
    .toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Your Cutout invoice \(test mode/),
        expect.stringMatching(/^Your Cutout credit note \(test mode/),
      ]),
    );
});

test.describe('no payment', () => {
  // The sandbox answers a declined card with 402 and its page (Chromium logs the status).
  test.use({ allowHttpErrors: true });

  test('a declined card and a cancel end with the right message and no credits', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpThroughForm(
      page,
      {
        name: 'Dorothy Vaughan',
        email: uniqueEmail('declined'),
        password: 'declined-Passw0rd-e2e',
      },
      { confirm: true },
    );
    await expectPath(page, paths.dashboard);

    await page.goto(paths.pricing);
    await card(page, '10 Credits').getByRole('button', { name: pricingTexts.buyNow }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkouts\//);
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText(paymentTexts.cardDeclined);
    await lookAt(page, { path: `${shots}/sandbox-declined.png`, fullPage: true });

    await page.getByRole('button', { name: 'Cancel and return to Cutout' }).click();
    await expect(page.getByText(checkoutTexts.cancelledTitle)).toBeVisible();
    await expect(page.getByText(checkoutTexts.cancelledDescription)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === paths.pricing && url.search === '');

    expect(await balanceOnCreditsPage(page)).toBe('10');
    await page.goto(paths.dashboardSubscriptions);
    await expect(page.getByText(paymentTexts.noOrders)).toBeVisible();
  });
});
