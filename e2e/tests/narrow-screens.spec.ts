import {
  adminApiPaths,
  authTexts,
  adminPaths,
  paths,
  paymentTexts,
  pricingTexts,
  signedInPaths,
  siteTexts,
} from '@cutout/contracts';
import {
  expectPath,
  signInThroughForm,
  signUpThroughForm,
  uniqueEmail,
} from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { expect, lookAt, test } from './fixtures.js';
import { narrowest, overflow, seriousViolations } from './page-checks.js';

// Every signed-in and admin page fits a 360 px phone without sideways scrolling, with realistic
// data. The public pages get the same check in every-public-page.spec.ts.

test.use({ viewport: { width: narrowest, height: 740 } });

// Issue 26: every signed-in and admin page on a phone, with the data that made them too wide —
// an order and its refund request, a long name and e-mail address, 50 rows in the admin lists.
test('every signed-in and admin page fits 360 px with realistic data', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const long = 'Maximiliana Bartholomew-Featherstonehaugh de la Cruz-Villanueva';
  const email = uniqueEmail('maximiliana.bartholomew-featherstonehaugh.villanueva');
  await signUpThroughForm(
    page,
    { name: long, email, password: 'phone-Passw0rd-e2e' },
    { confirm: true },
  );
  await expectPath(page, paths.dashboard);

  // One order through the sandbox checkout, and a refund request for it.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(paths.pricing);
  await page
    .getByRole('group', { name: '100 Credits' })
    .getByRole('button', { name: pricingTexts.buyNow })
    .click();
  await expect(page).toHaveURL(/\/api\/payments\/sandbox\/checkouts\//);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay / }).click();
  await expectPath(page, paths.paymentSuccess);
  await expect(page.getByTestId('payment-state')).toHaveText(paymentTexts.paidTitle, {
    timeout: 15_000,
  });
  await page.goto(paths.dashboardSubscriptions);
  await page
    .getByTestId('order-row')
    .getByRole('button', { name: paymentTexts.requestRefund })
    .click();
  const dialog = page.getByRole('dialog', { name: paymentTexts.refundRequestTitle });
  await dialog.getByLabel(paymentTexts.refundRequestReason).fill('Bought the wrong pack');
  await dialog.getByRole('button', { name: paymentTexts.refundRequestSend }).click();
  await expect(page.getByText(paymentTexts.refundRequested)).toBeVisible();
  await page.setViewportSize({ width: narrowest, height: 740 });

  // On the phone the orders are cards, not a table to scroll: each field under its label, the
  // buttons with their names, all within the screen.
  const orders = page.getByRole('list', { name: paymentTexts.orders });
  await expect(orders).toBeVisible();
  await expect(page.getByTestId('orders').getByRole('table')).toHaveCount(0);
  const card = orders.getByTestId('order-row');
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('term')).toHaveText([
    paymentTexts.receiptNumber,
    'Date',
    'Plan',
    'Amount',
    'Credits',
    'Valid until',
    'Status',
  ]);
  await expect(card.getByTestId('order-status')).toHaveText(paymentTexts.refundRequestPending);
  for (const control of [
    card.getByRole('link', { name: paymentTexts.downloadReceipt }),
    card.getByRole('button', { name: paymentTexts.emailReceipt }),
  ]) {
    await expect(control).toBeVisible();
    const box = await control.boundingBox();
    expect(box!.x + box!.width, 'within the screen').toBeLessThanOrEqual(narrowest);
  }
  expect(await seriousViolations(page, '[data-testid="orders"]')).toEqual([]);

  // An API key with a long name (issue 39: the settings page grew to 455 px once one existed).
  await page.goto(paths.dashboardSettings);
  await page.getByLabel('Key name').fill('Catalogue build server for the autumn collection');
  await page.getByRole('button', { name: 'Create Key' }).click();
  await expect(page.getByRole('region', { name: /^Your new key/ })).toBeVisible();
  // Every tab of the dashboard's bar is whole on the screen: they wrap, none is cut (issue 39).
  for (const tab of await page
    .getByRole('navigation', { name: siteTexts.dashboardNavigation })
    .getByRole('link')
    .all()) {
    const tabBox = (await tab.boundingBox())!;
    expect(tabBox.x, await tab.innerText()).toBeGreaterThanOrEqual(0);
    expect(tabBox.x + tabBox.width, await tab.innerText()).toBeLessThanOrEqual(narrowest);
  }

  for (const path of signedInPaths) {
    await page.goto(path);
    await expect
      .soft(page.getByRole('heading', { level: 1 }).first())
      .toBeVisible({ timeout: 30_000 });
    const widths = await overflow(page);
    expect
      .soft(widths.scrollWidth, `${path} is wider than the screen: ${widths.wide.join(' | ')}`)
      .toBeLessThanOrEqual(narrowest);
    await lookAt(page, {
      path: `.artifacts/phone${path.replaceAll('/', '_')}.png`,
      fullPage: true,
    });
  }

  // The admin, with 50 more users of long names and addresses in the lists.
  const context = await browser.newContext({ viewport: { width: narrowest, height: 740 } });
  const admin = await context.newPage();
  // A page of a context of its own lacks the fixture's wait for hydration: a click on the form
  // before React has hydrated it does nothing (seen on a busy machine).
  await admin.goto(paths.signIn);
  await admin.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await signInThroughForm(admin, e2eAdmin.email, e2eAdmin.password);
  await expect(admin.getByText(authTexts.signInSuccessTitle)).toBeVisible({ timeout: 20_000 });
  for (let i = 0; i < 50; i += 1) {
    const res = await admin.request.post(adminApiPaths.users, {
      data: {
        name: `${long} ${i}`,
        email: uniqueEmail(`row-${i}.with-a-rather-long-mailbox-name`),
        plan: i % 2 ? 'pro' : 'free',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  // The users table is too wide for a phone: it scrolls in its own box, which shows it — a
  // shadow and chevron at the right edge — while the name column stays in view.
  await admin.goto(paths.adminUsers);
  const box = admin.getByRole('region', { name: /^All Users \(\d+\)$/ });
  await expect(box).toBeVisible();
  const hint = admin.getByTestId('more-to-the-right');
  await expect(hint).toBeVisible();
  const hintBox = await hint.boundingBox();
  expect(hintBox!.x + hintBox!.width, 'the hint is on the screen').toBeLessThanOrEqual(narrowest);
  const firstName = box.getByTestId('user-row').first().locator('td').first();
  const before = await firstName.boundingBox();
  expect(before!.width, 'the name column leaves room for the others').toBeLessThan(160);
  await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
  await expect(hint).toBeHidden();
  expect((await firstName.boundingBox())!.x, 'the name column stays').toBeCloseTo(before!.x, 0);
  await lookAt(admin, { path: '.artifacts/phone_admin_users_scrolled.png' });

  // The 50 users made above are 50 audit entries: each row is as tall as its content, not a
  // column squeezed to a letter a line (issue 39: about 200 px each).
  await admin.goto(paths.adminAuditLog);
  const rows = admin.getByTestId('audit-row');
  await expect(rows).toHaveCount(50);
  for (const row of (await rows.all()).slice(0, 5)) {
    expect((await row.boundingBox())!.height, 'an audit row').toBeLessThan(110);
  }

  for (const path of adminPaths) {
    await admin.goto(path);
    await expect
      .soft(admin.getByRole('heading', { level: 1 }).first())
      .toBeVisible({ timeout: 30_000 });
    const widths = await overflow(admin);
    expect
      .soft(widths.scrollWidth, `${path} is wider than the screen: ${widths.wide.join(' | ')}`)
      .toBeLessThanOrEqual(narrowest);
    await lookAt(admin, {
      path: `.artifacts/phone${path.replaceAll('/', '_')}.png`,
      fullPage: true,
    });
  }
  await context.close();
});
