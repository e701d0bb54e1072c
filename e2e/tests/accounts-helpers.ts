import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { authTexts, navTexts, paths, verifyEmailTexts } from '@cutout/contracts';
import type { APIRequestContext, Page } from '@playwright/test';
// The server's SQLite driver (hoisted from apps/server), read-only here.
import Database from 'better-sqlite3';
import { expect } from './fixtures.js';

/** An address no earlier run used: every run starts a fresh database, but be safe anyway. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@e2e.test`;
}

/**
 * Signs up through the form. The free credits come once the address is confirmed (decision
 * 0265): with `{ confirm: true }` the helper then follows the mailed link, as a person would,
 * and the account has its 10 credits; without it, the balance is 0.
 */
export async function signUpThroughForm(
  page: Page,
  user: { name: string; email: string; password: string },
  { confirm = false }: { confirm?: boolean } = {},
): Promise<void> {
  await page.goto(paths.signUp);
  await page.getByLabel('Full name').fill(user.name);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  if (confirm) {
    await expectPath(page, paths.dashboard);
    await confirmEmailThroughMail(page, user.email);
  }
}

/** Opens the confirmation link mailed to `email`; the dashboard then says it worked. */
export async function confirmEmailThroughMail(page: Page, email: string): Promise<void> {
  await page.goto(await confirmationLinkFor(email));
  await expectPath(page, paths.dashboard);
  await expect(page.getByText(verifyEmailTexts.confirmed)).toBeVisible();
}

/** The same through an API client (a test that signs up through the API). */
export async function confirmEmailByRequest(
  request: APIRequestContext,
  baseURL: string,
  email: string,
): Promise<void> {
  const res = await request.get(`${baseURL}${await confirmationLinkFor(email)}`, {
    maxRedirects: 0,
  });
  expect(res.status()).toBe(303);
  expect(res.headers().location).toBe(`${paths.dashboard}?email=confirmed`);
}

export async function signInThroughForm(
  page: Page,
  email: string,
  password: string,
  from: string = paths.signIn,
): Promise<void> {
  if (!page.url().includes(from) || from !== paths.signIn) await page.goto(from);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: navTexts.signIn, exact: true }).click();
}

export async function expectPath(page: Page, pathname: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

/** Opens the header's avatar menu (loaded after the page; the stand-in trigger works at once). */
export async function openAccountMenu(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu')).toBeVisible();
}

export async function signOutThroughMenu(page: Page): Promise<void> {
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: navTexts.signOut }).click();
  await expectPath(page, paths.home);
  await expect(
    page.getByRole('banner').getByRole('link', { name: navTexts.signIn }).first(),
  ).toBeVisible();
}

type OutboxRow = { text: string };

/**
 * The newest link matching `pattern` e-mailed to `email`, as path and query. Without SMTP_URL the
 * server writes mail to the outbox table (docs/decisions/0034), in the background after it
 * answers, hence the polling.
 */
async function mailedLinkFor(email: string, pattern: RegExp, what: string): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (see playwright.config.ts)');
  const db = new Database(path.join(dataDir, 'cutout.db'), { readonly: true, fileMustExist: true });
  try {
    const query = db.prepare<[string], OutboxRow>(
      'SELECT text FROM outbox WHERE "to" = ? ORDER BY created_at DESC',
    );
    let link: string | undefined;
    await expect
      .poll(
        () => {
          link = query
            .all(email)
            .map((row) => pattern.exec(row.text)?.[0])
            .find((found) => found !== undefined);
          return link;
        },
        { message: `${what} for ${email} in the outbox`, timeout: 10_000 },
      )
      .toBeTruthy();
    const url = new URL(link as string);
    return `${url.pathname}${url.search}`;
  } finally {
    db.close();
  }
}

/** The newest reset link e-mailed to `email`. */
export const resetLinkFor = (email: string) =>
  mailedLinkFor(email, /https?:\/\/\S+\/reset-password\?token=[\w.~%-]+/, 'a reset link');

/** The newest link e-mailed to `email` that confirms the address (decision 0265). */
export const confirmationLinkFor = (email: string) =>
  mailedLinkFor(
    email,
    /https?:\/\/\S+\/api\/auth\/verify-email\?token=[\w.~%-]+/,
    'a confirmation link',
  );

/** The sign-in failure the spec shows, inline. */
export const signInFailed = authTexts.invalidCredentials;
