import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { listOutbox } from '../mail/outbox.repository.js';
import { createTestApp, openTestPostgres, testDatabaseUrl, type TestApp } from './test-app.js';

// Helpers for tests that sign people up and in through the real routes.

export const TEST_ADMIN = { email: 'admin@cutout.local', password: 'admin-test-password' };

/** A fresh client address, so per-address rate limits of one test never hit another. */
export function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** The Cookie header a browser would send back after this response. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return list
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c && !c.endsWith('='))
    .join('; ');
}

export interface SignedUp {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/**
 * Confirms `email` the way its owner would: reads the newest confirmation mail from the outbox
 * (the app has no SMTP server) and opens its link. The free credits follow (decision 0265).
 */
export async function confirmEmailFromOutbox(app: FastifyInstance, email: string): Promise<void> {
  await app.mailer.idle();
  const mails = await listOutbox(app.database.db, email);
  const link = mails
    .map((mail) => /https?:\/\/\S+\/api\/auth\/verify-email\?token=[\w.%-]+/.exec(mail.text)?.[0])
    .filter((found) => found !== undefined)
    .at(-1);
  if (!link) {
    throw new Error(
      `no confirmation mail to ${email} in the outbox (an app with SMTP mails it elsewhere: sign up with { confirm: false })`,
    );
  }
  const url = new URL(link);
  const res = await app.inject({ url: url.pathname + url.search, remoteAddress: randomIp() });
  if (res.statusCode !== 303 || !String(res.headers.location).endsWith('?email=confirmed')) {
    throw new Error(
      `confirming ${email} failed: ${res.statusCode} ${String(res.headers.location)}`,
    );
  }
}

let counter = 0;
/**
 * Signs up through the real route. By default the address is then confirmed through the mailed
 * link, as a person would, so the account has its free credits; `{ confirm: false }` leaves it
 * unconfirmed, with a balance of 0.
 */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string; accountType: string }> = {},
  { confirm = true }: { confirm?: boolean } = {},
): Promise<SignedUp> {
  counter += 1;
  const body = {
    name: 'Ada Lovelace',
    email: `user${counter}-${randomBytes(3).toString('hex')}@example.com`,
    password: 'correct horse battery',
    ...overrides,
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    payload: body,
    remoteAddress: randomIp(),
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  if (confirm) await confirmEmailFromOutbox(app, body.email.trim().toLowerCase());
  return {
    id: res.json<{ user: { id: string } }>().user.id,
    email: body.email,
    password: body.password,
    cookie: cookieFrom(res),
  };
}

export async function signIn(
  app: FastifyInstance,
  email: string,
  password: string,
  rememberMe = false,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password, rememberMe },
    remoteAddress: randomIp(),
  });
}

export async function adminCookie(app: FastifyInstance): Promise<string> {
  const res = await signIn(app, TEST_ADMIN.email, TEST_ADMIN.password);
  if (res.statusCode !== 200) throw new Error(`admin sign-in failed: ${res.body}`);
  return cookieFrom(res);
}

/** createTestApp with the test admin's password, on SQLite or on a fresh PostgreSQL schema. */
export async function createAccountsApp(
  dialect: 'sqlite' | 'postgres',
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<TestApp> {
  const env = { ADMIN_PASSWORD: TEST_ADMIN.password, ...options.env };
  if (dialect === 'sqlite') return createTestApp({ ...options, env });
  const pg = await openTestPostgres(testDatabaseUrl!);
  let t: TestApp;
  try {
    t = await createTestApp({ ...options, env, database: pg.handle });
  } catch (error) {
    await pg.dispose(); // no schema left behind when the app cannot start
    throw error;
  }
  return {
    ...t,
    close: async () => {
      await t.close();
      await pg.dispose();
    },
  };
}

/**
 * Runs `body` once on SQLite and once on PostgreSQL (skipped, saying why, without
 * TEST_DATABASE_URL), each with its own app.
 */
export function onBothDialects(
  name: string,
  body: (get: () => TestApp, dialect: 'sqlite' | 'postgres') => void,
  options: Parameters<typeof createTestApp>[0] = {},
): void {
  for (const dialect of ['sqlite', 'postgres'] as const) {
    if (dialect === 'postgres' && !testDatabaseUrl) {
      describe.skip(`${name} on PostgreSQL (skipped: TEST_DATABASE_URL is not set)`, () => {
        body(() => {
          throw new Error('unreachable');
        }, dialect);
      });
      continue;
    }
    describe(`${name} on ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`, () => {
      let t: TestApp;
      beforeAll(async () => {
        t = await createAccountsApp(dialect, options);
      });
      afterAll(async () => {
        await t?.close();
      });
      body(() => t, dialect);
    });
  }
}

/** The credits `/api/me` shows the holder of `cookie`. */
export async function creditsOf(app: FastifyInstance, cookie: string): Promise<number> {
  const res = await app.inject({ url: '/api/me', headers: { cookie } });
  return res.json<{ credits: number }>().credits;
}

/** A user's credits as stored, read from the database. */
export async function storedCredits(app: FastifyInstance, userId: string): Promise<number> {
  const row = await app.database.db
    .selectFrom('users')
    .select('credits')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.credits);
}

/** Sets a user's credits the way an admin does (PATCH /users/:id/credits). */
export async function setCredits(app: FastifyInstance, userId: string, credits: number) {
  const res = await app.inject({
    method: 'PATCH',
    url: `/users/${userId}/credits`,
    headers: { cookie: await adminCookie(app) },
    payload: { credits },
  });
  if (res.statusCode !== 200) throw new Error(`set credits: ${res.statusCode} ${res.body}`);
}
