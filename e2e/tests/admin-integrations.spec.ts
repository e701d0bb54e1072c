import { integrationsApiPaths, integrationTexts, paths } from '@cutout/contracts';
import type { Page } from '@playwright/test';
import { signInThroughForm } from './accounts-helpers.js';
import { e2eAdmin } from './admin-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Issue 14, Integrations: the admin saves a public URL and SMTP settings, sees the password only
// masked after a reload, runs both buttons and finds the save in the audit log. The settings are
// cleared at the end: the other browser tests read their mail from the outbox.

const shots = '.artifacts/admin-integrations';
const smtpPassword = 'e2e-smtp-secret-1234';

async function toast(page: Page, text: string | RegExp) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

test('admin integration settings: save, masked after reload, real check results, audited', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInThroughForm(page, e2eAdmin.email, e2eAdmin.password);
  await expect(page).toHaveURL((url) => url.pathname === paths.dashboard);

  try {
    // Reached from the admin settings page, as the other settings are.
    await page.goto(paths.adminSettings);
    await page.getByRole('link', { name: /Integration settings/ }).click();
    await expect(page).toHaveURL((url) => url.pathname === paths.adminIntegrationSettings);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Integration Settings' }),
    ).toBeVisible();
    await expect(page.getByTestId('source-publicUrl')).toHaveText('Default');
    await expect(page.getByTestId('secret-smtpPassword')).toHaveText(integrationTexts.secretNotSet);
    await lookAt(page, { path: `${shots}/before.png` });

    // The same server under another name: links change, nothing else does.
    const publicUrl = baseURL!.replace('127.0.0.1', 'localhost');
    await page.getByLabel('Public URL').fill(publicUrl);
    // Nothing listens on this port: the test e-mail must report the transport's own refusal.
    await page.getByLabel('SMTP host').fill('127.0.0.1');
    await page.getByLabel('Port', { exact: true }).fill('2');
    await page.getByLabel('User name').fill('e2e-mailer');
    await page.getByLabel('Password', { exact: true }).fill(smtpPassword);
    await page.getByRole('button', { name: integrationTexts.save }).click();
    await toast(page, integrationTexts.saved);

    await page.reload();
    await expect(page.getByLabel('SMTP host')).toHaveValue('127.0.0.1');
    await expect(page.getByLabel('Public URL')).toHaveValue(publicUrl);
    await expect(page.getByTestId('source-publicUrl')).toHaveText('Saved');
    await expect(page.getByTestId('source-smtpHost')).toHaveText('Saved');
    await expect(page.getByTestId('secret-smtpPassword')).toHaveText('Set ••••');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
    await expect(page.locator('body')).not.toContainText(smtpPassword);
    await expect(page.getByTestId('mail-transport')).toContainText('SMTP server');

    await page.getByRole('button', { name: integrationTexts.sendTestEmail }).click();
    await expect(page.getByTestId('test-email-result')).toContainText(
      'The SMTP server refused the test e-mail:',
    );
    await expect(page.getByTestId('test-email-result')).toContainText('ECONNREFUSED');
    await page.getByRole('button', { name: integrationTexts.checkPaymentProvider }).click();
    await expect(page.getByTestId('payment-check-result')).toHaveText(
      integrationTexts.providerSandbox,
    );
    // From the top: a full-page shot of a scrolled page draws the sticky header mid-page.
    await page.evaluate(() => window.scrollTo(0, 0));
    await lookAt(page, { path: `${shots}/desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await lookAt(page, { path: `${shots}/mobile-top.png` });
    await page.getByTestId('test-email-result').scrollIntoViewIfNeeded();
    await lookAt(page, { path: `${shots}/mobile-smtp.png` });
    await expect(page.getByRole('button', { name: integrationTexts.save })).toBeInViewport();
    await page.setViewportSize({ width: 1280, height: 900 });

    // The header links here too.
    await page.goto(paths.adminAuditLog);
    const row = page
      .locator('[data-testid="audit-row"][data-action="integrations.update"]')
      .first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('changed the integration settings');
    await expect(row).toContainText('smtpPassword null → ••••');
    await expect(page.locator('body')).not.toContainText(smtpPassword);
    await expect(
      page.locator('[data-testid="audit-row"][data-action="integrations.test-email"]').first(),
    ).toBeVisible();
    await lookAt(page, { path: `${shots}/audit-log.png` });
    await page.getByRole('link', { name: 'Integrations', exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === paths.adminIntegrationSettings);
  } finally {
    // Back to the outbox and the default address for the rest of the suite.
    const res = await page.request.put(integrationsApiPaths.settings, {
      data: { clear: ['publicUrl', 'smtpHost', 'smtpPort', 'smtpUser', 'smtpPassword'] },
    });
    expect(res.status()).toBe(200);
  }
});
