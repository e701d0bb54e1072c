import { accountsApiPaths, paths } from '@cutout/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { DatabaseHandle, Db } from '../../db/database.js';
import type { Dialect } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { resetPasswordMail } from '../../mail/templates/reset-password.js';
import { setPasswordMail } from '../../mail/templates/set-password.js';
import { verifyEmailMail } from '../../mail/templates/verify-email.js';
import { grantFreeCredits } from '../credits/credits.service.js';
import { hadFreeGrantBefore } from '../credits/departed-addresses.js';
import { DatabaseWindowCounter } from '../../plugins/rate-limit-windows.repository.js';
import { RedisWindowCounter, rateLimits } from '../../plugins/rate-limits.js';
import type { SharedRedis } from '../../plugins/shared-redis.js';
import type { AdminAlerts } from '../admin/admin.module.js';
import type { DepartedAddressKey } from '../credits/departed-addresses.js';
import { accountsRoutes } from './accounts.routes.js';
import { adminSetupRoutes } from './admin-setup.routes.js';
import { seedAdmin } from './admin-setup.service.js';
import { createAuth, type Auth } from './auth.js';
import { SignInThrottle } from './failed-sign-ins.js';
import { RedisSignInStore } from './sign-in-store-redis.js';
import { DatabaseSignInStore } from './sign-in-store.repository.js';

// Accounts: better-auth (sessions, reset mails), the first admin, and the accounts API.

export { resolveAuthSecret } from './auth-secret.js';
export type { Auth } from './auth.js';

/**
 * better-auth and the first admin. better-auth checks the schema it finds on first use, so this
 * runs after the migrations.
 */
export async function openAuth(deps: {
  database: DatabaseHandle;
  /** The origin sessions and CSRF checks are bound to (the public URL at start). */
  startUrl: string;
  /** better-auth's secret (deriveKey 'sessions'). */
  secret: string;
  /** The public URL now, for the links in mails. */
  publicUrl: () => string;
  mailer: Pick<Mailer, 'enqueue'>;
  admin: Config['admin'];
  passwordHashCost: Config['passwordHashCost'];
  log: FastifyBaseLogger;
  /** deriveKey 'departed-addresses': a deleted account's address gets no second free grant. */
  departedAddressKey: DepartedAddressKey;
}): Promise<Auth> {
  const { database, mailer } = deps;
  const auth = createAuth({
    db: database.db,
    dialect: database.dialect,
    publicUrl: deps.startUrl,
    secret: deps.secret,
    passwordHashCost: deps.passwordHashCost,
    log: deps.log,
    sendResetPassword: (user, token, invitation) => {
      const link = `${deps.publicUrl()}${paths.resetPassword}?token=${encodeURIComponent(token)}`;
      mailer.enqueue(
        (invitation ? setPasswordMail : resetPasswordMail)(user.email, user.name, link),
      );
    },
    sendVerificationEmail: (user, token) => {
      const link = `${deps.publicUrl()}${accountsApiPaths.verifyEmail}?token=${encodeURIComponent(token)}`;
      mailer.enqueue(verifyEmailMail(user.email, user.name, link));
    },
    onAddressConfirmed: async (user) => {
      // An address whose earlier account was deleted had its free grant (decision 0270).
      if (await hadFreeGrantBefore(database.db, deps.departedAddressKey, user.email)) return;
      await grantFreeCredits(database.db, user.id);
    },
  });
  await seedAdmin(database.db, auth, deps.admin, deps.log);
  return auth;
}

export async function registerAccounts(
  app: FastifyInstance,
  deps: {
    db: Db;
    dialect: Dialect;
    auth: Auth;
    mailer: Pick<Mailer, 'enqueue'>;
    publicUrl: () => string;
    /** Shares the sign-in back-off between API processes (decision 0114); unset: in memory. */
    redis: SharedRedis | undefined;
    alerts: AdminAlerts;
    /** The clock of the sign-in back-off (tests move it instead of waiting). */
    clock?: () => number;
  },
): Promise<void> {
  const { redis, alerts } = deps;
  await app.register(accountsRoutes, {
    db: deps.db,
    auth: deps.auth,
    // Sign-up, sign-in, reset and resend limits outlive a restart (decision 0265).
    rateCounter: redis
      ? new RedisWindowCounter(redis, 'rate-limit')
      : new DatabaseWindowCounter(deps.db, deps.clock),
    failedSignIns: new SignInThrottle({
      ...rateLimits.accounts.failedSignIns,
      // Redis when configured, else the database: a restart forgets nothing (decision 0265).
      store: redis
        ? new RedisSignInStore(redis, rateLimits.accounts.failedSignIns)
        : new DatabaseSignInStore(deps.db, deps.dialect, rateLimits.accounts.failedSignIns),
      ...(deps.clock ? { now: deps.clock } : {}),
      onAccountUnderAttack: (email) => alerts.accountLockedOut(email),
    }),
    onAdminSignIn: (user, ip, agent) => alerts.adminSignedIn(user, ip, agent),
  });
  await app.register(adminSetupRoutes, {
    db: deps.db,
    auth: deps.auth,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
  });
}
