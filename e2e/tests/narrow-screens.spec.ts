import AxeBuilder from '@axe-core/playwright';
import {
  adminApiPaths,
  authTexts,
  adminPaths,
  paths,
  paymentTexts,
  prerenderedPaths,
  pricingTexts,
  signedInPaths,
} from '@cutout/contracts';
import type { Page } from '@playwright/test';
import {
  expectPath,
  signInThroughForm,
  signUpThroughForm,
  uniqueEmail,
} from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Every page fits a 360 px phone without sideways scrolling: the public ones (below, one test
// each) and the signed-in and admin ones with realistic data (last test). The list comes from the
// contracts, so a new page is checked without being added here: every path in `paths` that is
// neither signed-in nor admin-only, plus every prerendered page (which includes each article).

const narrowest = 360;

const restricted = new Set<string>([...signedInPaths, ...adminPaths]);
const publicPaths = [
  ...new Set<string>([
    ...Object.values(paths)
      .filter((value) => typeof value === 'string')
      .filter((value) => !value.includes('#') && !restricted.has(value)),
    ...prerenderedPaths,
  ]),
];

test.use({ viewport: { width: narrowest, height: 740 } });

test('the list of public pages is the contracts’ own', () => {
  // A guard against the filter above silently emptying the list.
  expect(publicPaths).toContain(paths.home);
  expect(publicPaths).toContain(paths.cookies);
  expect(publicPaths).toContain(paths.resetPassword);
  expect(publicPaths.filter((path) => path.startsWith(`${paths.blog}/`)).length).toBeGreaterThan(0);
  expect(publicPaths.some((path) => restricted.has(path))).toBe(false);
});

for (const path of publicPaths) {
  test(`${path} fits ${narrowest} px without sideways scrolling`, async ({ page }) => {
    await page.goto(path);
    const widths = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      // The elements that stick out, to say what to fix when this fails.
      const viewport = root.clientWidth;
      const wide = [...document.body.querySelectorAll<HTMLElement>('*')]
        .filter((el) => el.getBoundingClientRect().right > viewport + 0.5)
        .filter(
          (el) =>
            !el.parentElement || el.parentElement.getBoundingClientRect().right <= viewport + 0.5,
        )
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
      return { scrollWidth: root.scrollWidth, wide };
    });
    expect(
      widths.scrollWidth,
      `wider than the screen: ${widths.wide.join(' | ')}`,
    ).toBeLessThanOrEqual(narrowest);
  });
}

/** What sticks out past the screen's right edge, and how wide the page scrolls. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const viewport = root.clientWidth;
    const wide = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.getBoundingClientRect().right > viewport + 0.5)
      .filter(
        (el) =>
          !el.parentElement || el.parentElement.getBoundingClientRect().right <= viewport + 0.5,
      )
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
    return { scrollWidth: root.scrollWidth, wide };
  });
}

// Issue 26: every signed-in and admin page on a phone, with the data that made them too wide —
// an order and its refund request, a long name and e-mail address, 50 rows in the admin lists.
test('every signed-in and admin page fits 360 px with realistic data', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000);
  const long = 'Maximiliana Bartholomew-Featherstonehaugh de la Cruz-Villanueva';
  const email = uniqueEmail('maximiliana.bartholomew-featherstonehaugh.villanueva');
  await signUpThroughForm(page, { name: long, email, password: 'phone-Passw0rd-e2e' });
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
  const axe = await new AxeBuilder({ page }).include('[data-testid="orders"]').analyze();
  expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual(
    [],
  );

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
