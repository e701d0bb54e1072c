import { readFile } from 'node:fs/promises';
import { apiKeyTexts, paths, publicApiPaths } from '@cutout/contracts';
import { expectPath, signUpThroughForm, uniqueEmail } from './accounts-helpers.js';
import { request as http } from '@playwright/test';
import { e2eAdmin } from './admin-helpers.js';
import { scratchDir, userIdOf, writePhoto } from './editor-helpers.js';
import { expect, lookAt, test } from './fixtures.js';

// Issue 13 end to end: an API key made in /dashboard/settings, then used from a plain HTTP
// client (Node's fetch, no browser, no cookie) the way a developer's program would.

test.setTimeout(90_000);

test('an API key created in the settings page works from a plain HTTP client until it is revoked', async ({
  page,
  context,
  baseURL,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const photo = await readFile(await writePhoto(scratchDir()));
  await signUpThroughForm(
    page,
    {
      name: 'Api Tester',
      email: uniqueEmail('api-keys'),
      password: 'api-key-passw0rd',
    },
    { confirm: true },
  );
  await expectPath(page, paths.dashboard);

  await page.goto(paths.dashboardSettings);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByText('No API keys yet. Create one to start using the API.')).toBeVisible();

  // Profile: the name changes and stays changed.
  await page.getByLabel('Full name').fill('Api Tester Renamed');
  await page.getByLabel('Business').check();
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();

  // A key with a name; the whole key is shown once, with a copy button.
  await page.getByLabel('Key name').fill('Build server');
  await page.getByRole('button', { name: 'Create Key' }).click();
  const shown = page.getByRole('region', { name: 'Your new key "Build server"' });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText(apiKeyTexts.created);
  const key = await shown.getByLabel('New API key').inputValue();
  expect(key).toMatch(/^ck_[\w-]{40,}$/);
  await shown.getByRole('button', { name: 'Copy' }).click();
  await expect(shown.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const row = page.getByRole('row', { name: /Build server/ });
  await expect(row).toContainText(`${key.slice(0, 10)}…`);
  await expect(row).toContainText('Never');
  await lookAt(page, { path: '.artifacts/settings-api-keys.png', fullPage: true });

  const url = `${baseURL}${publicApiPaths.removeBackground}`;
  const send = (fields: Record<string, string> = {}, headers: Record<string, string> = {}) => {
    const form = new FormData();
    form.append('image_file', new Blob([photo], { type: 'image/jpeg' }), 'studio-shot.jpg');
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    return fetch(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${key}`, ...headers },
      body: form,
    });
  };

  // PNG bytes with the headers.
  const png = await send();
  expect(png.status).toBe(200);
  expect(png.headers.get('content-type')).toBe('image/png');
  expect(png.headers.get('x-credits-charged')).toBe('1');
  expect(png.headers.get('x-width')).toBe('1200');
  expect(png.headers.get('x-height')).toBe('900');
  expect(Number(png.headers.get('x-ratelimit-limit'))).toBeGreaterThan(0);
  expect(png.headers.get('x-ratelimit-remaining')).not.toBeNull();
  expect(Number(png.headers.get('x-ratelimit-reset'))).toBeGreaterThan(Date.now() / 1000);
  const pngBytes = Buffer.from(await png.arrayBuffer());
  expect(pngBytes.subarray(1, 4).toString('latin1')).toBe('PNG');

  // JSON with Accept: application/json.
  const json = await send({}, { Accept: 'application/json' });
  expect(json.status).toBe(200);
  const body = (await json.json()) as {
    result_b64: string;
    credits_charged: number;
    credits_remaining: number;
    results: Record<string, string>;
  };
  expect(Buffer.from(body.result_b64, 'base64').subarray(1, 4).toString('latin1')).toBe('PNG');
  expect(body.credits_charged).toBe(1);
  expect(body.credits_remaining).toBe(8);
  expect(Object.keys(body.results)).toEqual(['refined', 'white_bg', 'transparent_bg']);

  // WebP with format=webp.
  const webp = await send({ format: 'webp' }, { 'X-Api-Key': key });
  expect(webp.status).toBe(200);
  expect(webp.headers.get('content-type')).toBe('image/webp');
  const webpBytes = Buffer.from(await webp.arrayBuffer());
  expect(webpBytes.subarray(8, 12).toString('latin1')).toBe('WEBP');

  // The list shows the key as used.
  await page.reload();
  await expect(page.getByRole('row', { name: /Build server/ })).not.toContainText('Never');

  // 402 at zero balance, and nothing charged.
  // The admin sets the balance to 0 through the API (no second browser page to hydrate).
  const admin = await http.newContext({ baseURL });
  const signIn = await admin.post('/api/auth/sign-in', {
    data: { email: e2eAdmin.email, password: e2eAdmin.password },
  });
  expect(signIn.ok()).toBe(true);
  const userId = await userIdOf(page);
  const zero = await admin.patch(`/users/${encodeURIComponent(userId)}/credits`, {
    data: { credits: 0 },
  });
  expect(zero.status()).toBe(200);
  await admin.dispose();
  const broke = await send();
  expect(broke.status).toBe(402);
  expect(((await broke.json()) as { error: { code: string } }).error.code).toBe('payment_required');

  // Revoked in the page: the next call is refused with 401.
  await page.getByRole('button', { name: 'Revoke Build server' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText(apiKeyTexts.revoked)).toBeVisible();
  await expect(page.getByText('No API keys yet. Create one to start using the API.')).toBeVisible();
  const revoked = await send();
  expect(revoked.status).toBe(401);
  expect(((await revoked.json()) as { error: { message: string } }).error.message).toBe(
    apiKeyTexts.invalidKey,
  );
  await lookAt(page, { path: '.artifacts/settings-revoked.png', fullPage: true });
});

test('Get API Key on the API page leads to the settings page, through sign-up for a visitor', async ({
  page,
}) => {
  const settings = paths.dashboardSettings;
  await page.goto(paths.api);
  const getKey = page.getByRole('link', { name: 'Get API Key' }).first();
  await expect(getKey).toHaveAttribute(
    'href',
    `${paths.signUp}?${new URLSearchParams({ redirect: settings })}`,
  );
  await getKey.click();
  await expectPath(page, paths.signUp);
  await page.getByLabel('Full name').fill('Docs Reader');
  await page.getByLabel('Email').fill(uniqueEmail('api-docs'));
  await page.getByLabel('Password').fill('api-docs-passw0rd');
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The new account goes on to where keys are made.
  await expectPath(page, settings);
  await expect(page.getByRole('button', { name: 'Create Key' })).toBeVisible();

  // Signed in, a click as soon as the page is there ends on the settings too, whether the
  // session had loaded (a direct link) or not yet (the sign-up link, which sends a signed-in
  // visitor on).
  await page.goto(paths.api);
  await page.getByRole('link', { name: 'Get API Key' }).first().click();
  await expectPath(page, settings);
  await expect(page.getByRole('button', { name: 'Create Key' })).toBeVisible();
});
