import { apiExamples, checkoutTexts, paths, pricingTexts } from '@cutout/contracts';
import type { Page } from '@playwright/test';
import { expectPath, signUpThroughForm, uniqueEmail } from './accounts-helpers.js';
import { expect, test } from './fixtures.js';

// Issue 6: the pricing page (cards, ownership, checkout returns, enterprise mail draft) and the
// API documentation (tabs, copy to clipboard), against the production build. One sign-up in the
// whole file (the server allows 10 an hour per address).

const card = (page: Page, name: string) => page.getByRole('group', { name });

test('the pricing page shows every plan with its exact prices and the sections', async ({
  page,
}) => {
  await page.goto(paths.pricing);
  await expect(page).toHaveTitle('Pricing | Cutout');

  const free = card(page, 'Free Forever');
  await expect(free.getByTestId('plan-price')).toHaveText('$0');
  await expect(free.getByText(pricingTexts.forever, { exact: true })).toBeVisible();
  await expect(free.getByRole('link', { name: pricingTexts.signUpForFree })).toHaveAttribute(
    'href',
    paths.signUp,
  );

  for (const [name, price, perCredit] of [
    ['10 Credits', '$5.15', '$0.52/credit'],
    ['100 Credits', '$20.62', '$0.21/credit'],
    ['1000 Credits', '$30.93', '$0.03/credit'],
  ] as const) {
    const paid = card(page, name);
    await expect(paid.getByTestId('plan-price')).toHaveText(price);
    await expect(paid.getByTestId('plan-per-credit')).toHaveText(perCredit);
    await expect(paid.getByText('Valid for 1 year')).toBeVisible();
    await expect(paid.getByRole('link', { name: pricingTexts.buyNow })).toBeVisible();
  }
  await expect(page.getByText(pricingTexts.mostPopular)).toHaveCount(1);
  await expect(card(page, '100 Credits').getByText(pricingTexts.mostPopular)).toBeVisible();

  for (const heading of [
    'How long credits last',
    'Custom volume for teams',
    'Frequently asked questions',
    'Ready to remove backgrounds?',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  // The FAQ's answers open natively and say the one commercial policy (decision 0125).
  await page.getByText('Do my credits expire?').click();
  await expect(page.getByText(/The free credits of a new account do not expire/)).toBeVisible();

  const cta = page.getByRole('region', { name: 'Ready to remove backgrounds?' });
  await expect(cta.getByRole('link', { name: pricingTexts.viewAllPlans })).toHaveAttribute(
    'href',
    paths.pricing,
  );
  await expect(cta.getByRole('link', { name: pricingTexts.contactSales })).toHaveAttribute(
    'href',
    paths.contact,
  );
});

test('Buy Now sends a signed-out visitor to sign-up', async ({ page }) => {
  await page.goto(paths.pricing);
  await card(page, '10 Credits').getByRole('link', { name: pricingTexts.buyNow }).click();
  await expectPath(page, paths.signUp);
  await expect(page.getByText(checkoutTexts.signUpToContinue)).toBeVisible();
});

test('Enterprise opens the contact form while no contact address is set (no invented address)', async ({
  page,
}) => {
  await page.goto(paths.pricing);
  const plans = await page.request.get('/api/plans');
  expect((await plans.json()).contactEmail).toBeNull();
  const link = page
    .getByRole('region', { name: 'Custom volume for teams' })
    .getByRole('link', { name: pricingTexts.contactSales });
  await expect(link).toHaveAttribute('href', paths.contact);
  await expect(page.locator('body')).not.toContainText('.local');
  await link.click();
  await expectPath(page, paths.contact);
});

test('?canceled=true shows the cancelled toast once and cleans the address', async ({ page }) => {
  await page.goto(`${paths.pricing}?canceled=true`);
  await expect(page.getByText(checkoutTexts.cancelledTitle)).toBeVisible();
  await expect(page.getByText(checkoutTexts.cancelledDescription)).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === paths.pricing && url.search === '');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  // Give a repeated toast the time it would need to load and show.
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(checkoutTexts.cancelledTitle)).toHaveCount(0);
});

test('a signed-in user: current plan, no purchase toast without a real order', async ({ page }) => {
  await signUpThroughForm(page, {
    name: 'Katherine Johnson',
    email: uniqueEmail('pricing'),
    password: 'pricing-Passw0rd-e2e',
  });
  await expectPath(page, paths.dashboard);

  await page.goto(paths.pricing);
  await expect(
    card(page, 'Free Forever').getByRole('button', { name: pricingTexts.yourCurrentPlan }),
  ).toBeDisabled();
  await expect(page.getByRole('button', { name: pricingTexts.purchased })).toHaveCount(0);

  // A fresh install has no contact address in Business details: Contact Sales opens the
  // contact form rather than mailing a made-up address (decision 0171; the mailto with the
  // buyer's name is covered by pricing.test.tsx).
  await expect(
    page
      .getByRole('region', { name: 'Custom volume for teams' })
      .getByRole('link', { name: pricingTexts.contactSales }),
  ).toHaveAttribute('href', paths.contact);

  // A bare ?success=true proves nothing: no toast, the address is cleaned (issue 12).
  await page.goto(`${paths.pricing}?success=true`);
  await expect(page).toHaveURL((url) => url.pathname === paths.pricing && url.search === '');
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(checkoutTexts.purchasedTitle)).toHaveCount(0);
});

test.describe('API documentation', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('tabs show runnable examples for this server, and Copy copies them', async ({
    page,
    baseURL,
  }) => {
    const examples = apiExamples(baseURL ?? '');
    await page.goto(paths.api);
    await expect(page.getByRole('heading', { level: 1, name: 'API' })).toBeVisible();
    for (const link of await page.getByRole('link', { name: 'Get API Key' }).all()) {
      await expect(link).toHaveAttribute(
        'href',
        `${paths.signUp}?${new URLSearchParams({ redirect: paths.dashboardSettings })}`,
      );
    }

    const rest = page.getByRole('tabpanel', { name: 'REST' });
    await expect(rest.locator('code').first()).toHaveText(examples.rest.removeBackground);
    await rest.getByRole('button', { name: /^Copy Check your usage/ }).click();
    await expect(rest.getByRole('button', { name: /^Copied/ })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(examples.rest.usage);

    await page.getByRole('tab', { name: 'JavaScript' }).click();
    const javascript = page.getByRole('tabpanel', { name: 'JavaScript' });
    await expect(javascript.locator('code')).toHaveText(examples.javascript);
    await javascript.getByRole('button', { name: /^Copy/ }).click();
    await expect(javascript.getByRole('button', { name: /^Copied/ })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(examples.javascript);

    await page.getByRole('tab', { name: 'Python' }).click();
    const python = page.getByRole('tabpanel', { name: 'Python' });
    await python.getByRole('button', { name: /^Copy/ }).click();
    await expect(python.getByRole('button', { name: /^Copied/ })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(examples.python);
    // The confirmation goes back to 'Copy' after a moment.
    await expect(python.getByRole('button', { name: /^Copy / })).toBeVisible();
  });
});
