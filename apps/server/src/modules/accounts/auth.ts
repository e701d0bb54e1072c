import { createHash } from 'node:crypto';
import { betterAuth } from 'better-auth';
import { admin } from 'better-auth/plugins/admin';
import type { FastifyBaseLogger } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { accountTypes, adminRuleTexts, limits, passwordMaxLength } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import type { Dialect } from '../../db/schema.js';
import { isUserBanned, markEmailVerified } from '../users/users.repository.js';
import { deleteResetTokensOfUser, hasPassword } from './accounts.repository.js';
import { createPasswordHasher, type PasswordHashCost } from './password-hash.js';
import { SessionTokenHashPlugin } from './session-token-hash.js';

// better-auth, wired to our database and our names (docs/decisions/0030). We never mount its
// HTTP handler: our Fastify routes call auth.api.* with bodies our zod schemas already checked,
// so every answer has our error shape, the spec's texts and an OpenAPI entry.

export const RESET_PREFIX = 'reset-password:';

/** What the database keeps of a reset token: its SHA-256, hex. */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The columns that hold timestamps in the tables better-auth reads. */
const DATE_COLUMNS = new Set([
  'created_at',
  'updated_at',
  'expires_at',
  'ban_expires',
  'access_token_expires_at',
  'refresh_token_expires_at',
]);

/**
 * Our pg type parser reads timestamptz as ISO strings (docs/decisions/0002). better-auth's adapter
 * turns strings into Dates only on SQLite (where it also writes ISO strings); on PostgreSQL it
 * would hand `expiresAt` on as a string and compare it with a Date, which is always false — an
 * expired session would look alive. This plugin, on better-auth's view of our Kysely instance
 * only, turns those columns back into Dates.
 */
class DateColumnsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const rows = args.result.rows.map((row) => {
      const out: UnknownRow = { ...row };
      for (const [key, value] of Object.entries(row)) {
        if (DATE_COLUMNS.has(key) && typeof value === 'string') out[key] = new Date(value);
      }
      return out;
    });
    return { ...args.result, rows };
  }
}

export interface AuthOptions {
  db: Db;
  dialect: Dialect;
  publicUrl: string;
  secret: string;
  /** scrypt's cost for new password hashes: `test` only under NODE_ENV=test (decision 0251). */
  passwordHashCost: PasswordHashCost;
  log: FastifyBaseLogger;
  /**
   * Called with the raw token; it is only ever e-mailed, never stored or logged. `invitation`:
   * the account has no password yet (an admin added it), so the mail asks to set one.
   */
  sendResetPassword: (
    user: { id: string; email: string; name: string },
    token: string,
    invitation: boolean,
  ) => void;
  /** The sign-up mail (and its resends): `token` is better-auth's signed, expiring link token. */
  sendVerificationEmail: (user: { id: string; email: string; name: string }, token: string) => void;
  /**
   * The address is confirmed: by the sign-up mail's link, or by a password set or reset through
   * a mailed link. Grants the free credits once (decision 0265).
   */
  onAddressConfirmed: (user: { id: string; email: string }) => Promise<void>;
}

export function createAuth(options: AuthOptions) {
  const https = options.publicUrl.startsWith('https:');
  // Sessions are kept as hashes of their tokens (session-token-hash.ts).
  const hashed = options.db.withPlugin(new SessionTokenHashPlugin());
  const db = options.dialect === 'postgres' ? hashed.withPlugin(new DateColumnsPlugin()) : hashed;
  return betterAuth({
    appName: 'Cutout',
    baseURL: options.publicUrl,
    basePath: '/api/auth',
    secret: options.secret,
    database: { db, type: options.dialect },
    telemetry: { enabled: false },
    // Our routes rate-limit per IP and per account with @fastify/rate-limit.
    rateLimit: { enabled: false },
    logger: {
      level: 'info',
      log: (level, message) => {
        options.log[level === 'debug' ? 'debug' : level]({ component: 'better-auth' }, message);
      },
    },
    user: {
      modelName: 'users',
      fields: { emailVerified: 'email_verified', createdAt: 'created_at', updatedAt: 'updated_at' },
      additionalFields: {
        accountType: {
          type: [...accountTypes],
          fieldName: 'account_type',
          required: false,
          defaultValue: 'personal',
          input: true,
        },
      },
    },
    session: {
      modelName: 'sessions',
      fields: {
        expiresAt: 'expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
      },
      // 'Remember me' ticked: 30 days, renewed once a day of use. Not ticked: better-auth keeps
      // the cookie a browser-session cookie (no Max-Age) and the row lives one day.
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    account: {
      modelName: 'auth_accounts',
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        createdAt: 'created_at',
        updatedAt: 'updated_at',
      },
    },
    verification: {
      modelName: 'verifications',
      fields: { expiresAt: 'expires_at', createdAt: 'created_at', updatedAt: 'updated_at' },
      // Reset tokens are stored as their SHA-256 only. Without the "reset-password:" prefix, so a
      // stored hash can never be replayed as a token (better-auth also tries the plain form).
      storeIdentifier: {
        default: 'hashed',
        overrides: {
          [RESET_PREFIX]: {
            hash: async (identifier) => hashResetToken(identifier.slice(RESET_PREFIX.length)),
          },
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      // The one minimum of every new password (issue 26) is checked by our zod schemas first;
      // better-auth holds the same floor if auth.api is ever called directly.
      minPasswordLength: limits.password.min,
      maxPasswordLength: passwordMaxLength,
      // Every hash and check, better-auth's and ours (ctx.password): password-hash.ts.
      password: createPasswordHasher({ cost: options.passwordHashCost, log: options.log }),
      autoSignIn: true,
      resetPasswordTokenExpiresIn: limits.resetTokenLifetimeMs / 1000,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        // A deactivated account gets no link (issue 36): the token better-auth just stored goes
        // with every other, and the caller's answer stays the generic one.
        if (await isUserBanned(options.db, user.id)) {
          await deleteResetTokensOfUser(options.db, user.id);
          return;
        }
        // One live reset link per account: the newest. better-auth has just stored this token's
        // row; every earlier one of the user goes, so an old mail in a leaked inbox is dead.
        await deleteResetTokensOfUser(options.db, user.id, hashResetToken(token));
        options.sendResetPassword(user, token, !(await hasPassword(options.db, user.id)));
      },
      // The used token is consumed by better-auth; any other still there (two requests racing)
      // goes with it. The link came by mail, so the address is confirmed.
      onPasswordReset: async ({ user }) => {
        await deleteResetTokensOfUser(options.db, user.id);
        await markEmailVerified(options.db, user.id, new Date().toISOString());
        await options.onAddressConfirmed(user);
      },
    },
    // Sign-up mails a link that confirms the address (decision 0265). An unconfirmed account can
    // sign in and buy; only the free credits wait. The token is better-auth's signed JWT: nothing
    // is stored, and it dies with its expiry.
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: limits.verifyEmailTokenLifetimeMs / 1000,
      sendVerificationEmail: async ({ user, token }) => {
        options.sendVerificationEmail(user, token);
      },
      afterEmailVerification: async (user) => {
        await options.onAddressConfirmed(user);
      },
    },
    advanced: {
      cookiePrefix: 'cutout',
      useSecureCookies: https,
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax', secure: https, path: '/' },
      // Fastify resolves the client address (honouring TRUST_PROXY); we pass it in this header.
      ipAddress: { ipAddressHeaders: ['x-cutout-client-ip'] },
    },
    plugins: [
      admin({
        defaultRole: 'user',
        // A deactivated account (User Management) is better-auth's banned user: no new session.
        bannedUserMessage: adminRuleTexts.deactivated,
        adminRoles: ['admin'],
        schema: {
          user: { fields: { banReason: 'ban_reason', banExpires: 'ban_expires' } },
          session: { fields: { impersonatedBy: 'impersonated_by' } },
        },
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
