import {
  authTexts,
  navTexts,
  paths,
  resetTexts,
  validationTexts,
  verifyEmailTexts,
} from '@cutout/contracts';
import {
  confirmEmailThroughMail,
  expectPath,
  openAccountMenu,
  resetLinkFor,
  signInThroughForm,
  signOutThroughMenu,
  signUpThroughForm,
  uniqueEmail,
} from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Issue 4 end to end against the real server: sign-up, sign-in/out, password reset through the
// outbox, guards and the admin's settings. The whole file stays well inside the server's limits
// (sign-up 10/h and sign-in 20/min per address, 5 failed sign-ins per account): 3 sign-ups,
// 8 sign-ins, 1 failed (and one wrong current password in the admin).

const password = 'first-Passw0rd-e2e';

test.describe('with expected 4xx answers', () => {
  // A wrong password answers 401 and an existing e-mail 409; Chromium logs both.
  test.use({ allowHttpErrors: true });

  test('sign up, see 0 credits and why, follow the mailed link, see 10, sign out, fail with a wrong password, sign in again', async ({
    page,
  }) => {
    // Two more page loads than before (the mailed link and its dashboard): over a minute on a
    // loaded machine.
    test.setTimeout(120_000);
    const email = uniqueEmail('walk');
    await signUpThroughForm(page, { name: 'Grace Hopper', email, password });

    await expectPath(page, paths.dashboard);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Grace Hopper!');
    await expect(page.getByText(authTexts.signUpSuccess)).toBeVisible();
    // The free credits wait for the address (decision 0265): 0, and the reason, plainly.
    await expect(page.getByTestId('credits-balance')).toHaveText('0');
    await expect(page.getByText(verifyEmailTexts.balanceZeroBecause(email))).toBeVisible();
    await expect(page.getByText('No images processed this month')).toBeVisible();
    await expect(page.getByRole('banner').getByText('GH')).toBeVisible();
    await lookAt(page, { path: '.artifacts/accounts/dashboard-unconfirmed.png', fullPage: true });

    // The link from the mail, read from the outbox as the owner reads their inbox.
    await confirmEmailThroughMail(page, email);
    await expect(page.getByTestId('credits-balance')).toHaveText('10');
    await expect(page.getByText(verifyEmailTexts.balanceZeroBecause(email))).toBeHidden();
    await lookAt(page, { path: '.artifacts/accounts/dashboard-confirmed.png', fullPage: true });

    // A signed-in user who is not an admin is sent home from the back-office.
    await page.goto(paths.adminSettings);
    await expectPath(page, paths.home);

    await page.goto(paths.dashboard);
    await signOutThroughMenu(page);
    await page.goto(paths.dashboard);
    await expectPath(page, paths.signIn);

    await signInThroughForm(page, email, 'not-the-password');
    await expect(
      page.getByRole('alert').filter({ hasText: authTexts.invalidCredentials }),
    ).toBeVisible();
    await expect(page.getByText(authTexts.signInFailedTitle)).toBeVisible();
    await expectPath(page, paths.signIn);

    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: navTexts.signIn, exact: true }).click();
    // Back where the guard stopped us: /signin?redirect=/dashboard.
    await expectPath(page, paths.dashboard);
    await expect(page.getByText(authTexts.signInSuccessTitle)).toBeVisible();
    await expect(page.getByTestId('credits-balance')).toHaveText('10');
  });

  test('an e-mail that already has an account is refused under the email field', async ({
    page,
  }) => {
    await signUpThroughForm(page, { name: 'Ada', email: e2eAdmin.email, password });
    const emailField = page.getByLabel('Email');
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(authTexts.userExists)).toBeVisible();
    await expectPath(page, paths.signUp);
    // Client-side rules never reach the server.
    await page.getByLabel('Full name').fill('A');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText(validationTexts.nameMin)).toBeVisible();
  });
});

test('forgot password: the e-mailed link sets a new password that signs in', async ({ page }) => {
  const email = uniqueEmail('reset');
  await signUpThroughForm(page, { name: 'Alan Turing', email, password });
  await expectPath(page, paths.dashboard);
  // A new account's first visit says 'Welcome'; the visit after the reset is a return.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Alan Turing!');
  await signOutThroughMenu(page);

  await page.goto(paths.signIn);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expectPath(page, paths.forgotPassword);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: authTexts.checkYourEmail })).toBeVisible();
  await expect(page.getByText(authTexts.forgotPasswordReply)).toBeVisible();
  await expect(page.getByText(resetTexts.linkSent)).toBeVisible();

  const link = await resetLinkFor(email);
  await page.goto(link);
  const newPassword = 'second-Passw0rd-e2e';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something else');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText(validationTexts.passwordsMismatch)).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset Password' }).click();

  await expectPath(page, paths.signIn);
  await expect(page.getByText(resetTexts.passwordReset)).toBeVisible();
  await signInThroughForm(page, email, newPassword);
  await expectPath(page, paths.dashboard);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome back, Alan Turing!');

  // The link works once.
  await page.goto(link);
  await expectPath(page, paths.forgotPassword);
  await expect(page.getByText(resetTexts.invalidOrExpiredLink)).toBeVisible();
});

test('a reset link without a token goes back to forgot password', async ({ page }) => {
  await page.goto(paths.resetPassword);
  await expectPath(page, paths.forgotPassword);
  await expect(page.getByText(resetTexts.invalidLink)).toBeVisible();
});

test('an anonymous visit to /dashboard lands on sign-in; the admin signs in and reaches admin settings', async ({
  page,
}) => {
  await page.goto(paths.dashboard);
  await expectPath(page, paths.signIn);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(paths.dashboard);

  await signInThroughForm(page, e2eAdmin.email, e2eAdmin.password, page.url());
  await expectPath(page, paths.dashboard);

  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: navTexts.adminPanel }).click();
  await expectPath(page, paths.admin);

  await page.goto(paths.adminSettings);
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Settings' })).toBeVisible();
  await expect(page.getByRole('tabpanel')).toContainText(e2eAdmin.email);
  await page.getByRole('tab', { name: 'Admin Setup' }).click();
  await expect(page.getByTestId('current-admin-email')).toHaveText(e2eAdmin.email);

  // The current password and both credentials are required, checked before any request.
  await page.getByRole('button', { name: 'Save Credentials' }).click();
  await expect(page.getByText(authTexts.adminSetupRequired)).toHaveCount(3);
  await lookAt(page, { path: '.artifacts/admin-setup/credentials.png' });

  // The confirmation dialog opens and can be dismissed without deleting anyone.
  await page.getByRole('button', { name: 'Clear All Users' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete all users?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByLabel('Current password').fill(e2eAdmin.password);
  await page.getByLabel('New password', { exact: true }).fill('abcdef');
  await page.getByLabel('Confirm new password').fill('abcdeg');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText(validationTexts.newPasswordsMismatch)).toBeVisible();
});

test('a signed-in user who opens /signin or /signup goes to /dashboard', async ({ page }) => {
  await signInThroughForm(page, e2eAdmin.email, e2eAdmin.password);
  await expectPath(page, paths.dashboard);
  for (const form of [paths.signIn, paths.signUp]) {
    await page.goto(paths.home);
    await page.goto(form);
    await expectPath(page, paths.dashboard);
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  }
});

test.describe('admin toasts', () => {
  // The wrong current password answers 400, which Chromium logs.
  test.use({ allowHttpErrors: true });

  test('appear top-right in the admin, bottom-right elsewhere (spec §9)', async ({ page }) => {
    await signInThroughForm(page, e2eAdmin.email, e2eAdmin.password);
    await expectPath(page, paths.dashboard);
    // The sign-in toast, outside the admin.
    const toaster = page.locator('[data-sonner-toaster]');
    await expect(toaster).toHaveAttribute('data-y-position', 'bottom');
    await expect(toaster).toHaveAttribute('data-x-position', 'right');

    await page.goto(paths.adminSettings);
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByLabel('Current password').fill('not-the-password-1');
    await page.getByLabel('New password', { exact: true }).fill('another-Passw0rd');
    await page.getByLabel('Confirm new password').fill('another-Passw0rd');
    await page.getByRole('button', { name: 'Change Password' }).click();

    const toast = page
      .locator('[data-sonner-toast]')
      .filter({ hasText: authTexts.currentPasswordIncorrect });
    await expect(toast).toBeVisible();
    await expect(toaster).toHaveAttribute('data-y-position', 'top');
    await expect(toaster).toHaveAttribute('data-x-position', 'right');
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect(box && viewport).toBeTruthy();
    if (!box || !viewport) return;
    expect(box.y + box.height, 'in the top half').toBeLessThan(viewport.height / 2);
    expect(box.x, 'in the right half').toBeGreaterThan(viewport.width / 2);
  });
});
