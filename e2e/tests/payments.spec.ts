import { checkoutTexts, paths, paymentTexts, pricingTexts } from '@cutout/contracts';
import { request as apiRequest, type Page } from '@playwright/test';
import { e2eAdmin } from './admin-helpers.js';
import { expectPath, signUpThroughForm, uniqueEmail } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';

// Issue 12: buying credits through the built-in sandbox provider (its checkout page, its signed
// webhook back to the server), a declined card, a cancel, and a refund. One sign-up per test.

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

test('sign up → pricing → Buy Now → sandbox checkout → pay → credits, order and receipt; refund removes them', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpThroughForm(page, {
    name: 'Mary Jackson',
    email: uniqueEmail('buyer'),
    password: 'buyer-Passw0rd-e2e',
  });
  await expectPath(page, paths.dashboard);

  await page.goto(paths.pricing);
  await expect(page.getByText(paymentTexts.testMode)).toBeVisible();
  await page.screenshot({ path: `${shots}/pricing.png`, fullPage: false });
  await card(page, '100 Credits').getByRole('button', { name: pricingTexts.buyNow }).click();

  // The sandbox's own checkout page, served by Cutout, marked test mode.
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkouts\//);
  await expect(page.getByText(paymentTexts.testMode)).toBeVisible();
  await expect(page.getByTestId('sandbox-total')).toHaveText('$20.62');
  await page.screenshot({ path: `${shots}/sandbox-checkout.png`, fullPage: true });
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
  await page.screenshot({ path: `${shots}/payment-success.png`, fullPage: true });

  await page.goto(paths.dashboardSubscriptions);
  await expect(page.getByTestId('billing-balance')).toHaveText('110');
  const row = page.getByTestId('order-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('100 Credits');
  await expect(row).toContainText('$20.62');
  await expect(row).toContainText(/CUT-\d{8}-[0-9A-F]{8}/);
  const download = page.waitForEvent('download');
  await row.getByRole('link', { name: paymentTexts.downloadReceipt }).click();
  expect((await download).suggestedFilename()).toMatch(/^cutout-receipt-CUT-.*\.html$/);
  await row.getByRole('button', { name: paymentTexts.emailReceipt }).click();
  await expect(page.getByText(paymentTexts.receiptSent)).toBeVisible();
  await expect(page.getByTestId('credit-history')).toContainText('100 Credits bought');
  await page.screenshot({ path: `${shots}/subscriptions.png`, fullPage: true });

  // Bought packs stay buyable: the card says Purchased, Buy Now is still there.
  await page.goto(paths.pricing);
  await expect(card(page, '100 Credits').getByTestId('plan-purchased')).toBeVisible();
  await expect(
    card(page, '100 Credits').getByRole('button', { name: pricingTexts.buyNow }),
  ).toBeEnabled();

  // The admin refunds the order; the sandbox sends order_refunded; the unspent credits go.
  const orders = await (await page.request.get('/api/me/orders')).json();
  const orderId = orders.orders[0].id as string;
  const admin = await apiRequest.newContext({ baseURL });
  const signIn = await admin.post('/api/auth/sign-in', {
    data: { email: e2eAdmin.email, password: e2eAdmin.password, rememberMe: false },
  });
  expect(signIn.status()).toBe(200);
  expect((await admin.post(`/api/admin/orders/${orderId}/refund`)).status()).toBe(202);
  await admin.dispose();
  await expect
    .poll(async () => (await (await page.request.get('/api/me/billing')).json()).balance, {
      timeout: 15_000,
    })
    .toBe(10);
  expect(await balanceOnCreditsPage(page)).toBe('10');
  await page.screenshot({ path: `${shots}/credits.png`, fullPage: true });
  await page.goto(paths.dashboardSubscriptions);
  await expect(page.getByTestId('order-row')).toContainText('Refunded (100 removed)');
});

test.describe('no payment', () => {
  // The sandbox answers a declined card with 402 and its page (Chromium logs the status).
  test.use({ allowHttpErrors: true });

  test('a declined card and a cancel end with the right message and no credits', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpThroughForm(page, {
      name: 'Dorothy Vaughan',
      email: uniqueEmail('declined'),
      password: 'declined-Passw0rd-e2e',
    });
    await expectPath(page, paths.dashboard);

    await page.goto(paths.pricing);
    await card(page, '10 Credits').getByRole('button', { name: pricingTexts.buyNow }).click();
    await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkouts\//);
    await payWith(page, '4000 0000 0000 0002');
    await expect(page.getByRole('alert')).toHaveText(paymentTexts.cardDeclined);
    await page.screenshot({ path: `${shots}/sandbox-declined.png`, fullPage: true });

    await page.getByRole('button', { name: 'Cancel and return to Cutout' }).click();
    await expect(page.getByText(checkoutTexts.cancelledTitle)).toBeVisible();
    await expect(page.getByText(checkoutTexts.cancelledDescription)).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === paths.pricing && url.search === '');

    expect(await balanceOnCreditsPage(page)).toBe('10');
    await page.goto(paths.dashboardSubscriptions);
    await expect(page.getByText(paymentTexts.noOrders)).toBeVisible();
  });
});
