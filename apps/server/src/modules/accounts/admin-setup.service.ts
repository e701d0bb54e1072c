import { randomBytes } from 'node:crypto';
import { auditActions, authTexts } from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { adminCredentialsChangedMail } from '../../mail/templates/admin-credentials-changed.js';
import type { Mailer } from '../../mail/mailer.js';
import { grantFreeCredits } from '../credits/credits.service.js';
import {
  deleteSessionsOfUser,
  deleteUserById,
  findFirstAdmin,
  findUserByEmail,
  markEmailVerified,
  setUserRole,
} from '../users/users.repository.js';
import { changeEmail } from '../users/users.service.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Auth } from './auth.js';

// The first admin, and the Admin Setup tab's "set admin credentials" (docs/decisions/0032).
// The spec's prototype overwrote the admin's e-mail and password with built-in values at every
// start; here an existing admin is never touched at start. Passwords are hashed and checked with
// `ctx.password`: better-auth's handle on password-hash.ts's pair (auth.ts), the one every other
// hash goes through.

export const DEFAULT_ADMIN_NAME = 'Admin';

export type SeedOutcome = 'exists' | 'promoted' | 'created';

/**
 * Makes sure an admin exists. With none: the ADMIN_EMAIL account is promoted if it exists,
 * otherwise created with ADMIN_PASSWORD, or with a random password printed once (warn level) —
 * the only log line that ever carries a password, because nobody could sign in otherwise.
 */
export async function seedAdmin(
  db: Db,
  auth: Auth,
  admin: { email: string; password: string | undefined },
  log: FastifyBaseLogger,
): Promise<SeedOutcome> {
  if (await findFirstAdmin(db)) return 'exists';

  const existing = await findUserByEmail(db, admin.email);
  if (existing) {
    const now = new Date().toISOString();
    await setUserRole(db, existing.id, 'admin', now);
    // The first admin is confirmed (decision 0265): the operator named the address.
    if (await markEmailVerified(db, existing.id, now)) await grantFreeCredits(db, existing.id);
    log.warn({ email: admin.email }, 'no admin account existed; made this existing account admin');
    return 'promoted';
  }

  const password = admin.password ?? randomBytes(18).toString('base64url');
  const ctx = await auth.$context;
  let userId: string;
  try {
    const user = await ctx.internalAdapter.createUser(
      {
        email: admin.email,
        name: DEFAULT_ADMIN_NAME,
        emailVerified: true,
        role: 'admin',
      },
      { method: 'admin' },
    );
    userId = user.id;
  } catch (error) {
    // Another process (a second API server on the same PostgreSQL) seeded first.
    if (await findFirstAdmin(db)) return 'exists';
    throw error;
  }
  try {
    await ctx.internalAdapter.createAccount({
      userId,
      providerId: 'credential',
      accountId: userId,
      password: await ctx.password.hash(password),
    });
    await grantFreeCredits(db, userId);
  } catch (error) {
    await deleteUserById(db, userId);
    throw error;
  }
  if (admin.password) {
    log.info({ email: admin.email }, 'admin account created from ADMIN_EMAIL / ADMIN_PASSWORD');
  } else {
    log.warn(
      // Not under a "password" key: the logger redacts those (logger.ts), and this one must show.
      { email: admin.email, generatedPassword: password },
      'admin account created with a generated password (shown once; change it under Admin Setup)',
    );
  }
  return 'created';
}

/**
 * Admin Setup → set admin credentials: the signed-in admin's e-mail and password. The current
 * password must be given (a borrowed session alone cannot take the account over); the admin's
 * other sessions end, so whoever knew the old password is out; the old address is told.
 */
export async function setAdminCredentials(
  deps: { db: Db; auth: Auth; mailer: Pick<Mailer, 'enqueue'>; publicUrl: () => string },
  admin: { id: string; email: string; sessionToken: string; ip: string },
  body: { currentPassword: string; email: string; password: string },
): Promise<void> {
  const { db, auth } = deps;
  const ctx = await auth.$context;
  const credential = (await ctx.internalAdapter.findAccounts(admin.id)).find(
    (account) => account.providerId === 'credential' && account.password,
  );
  const valid =
    credential?.password !== undefined &&
    credential.password !== null &&
    (await ctx.password.verify({ hash: credential.password, password: body.currentPassword }));
  if (!valid) {
    await recordAudit(db, {
      actor: { id: admin.id, email: admin.email },
      action: auditActions.adminCredentials,
      target: { type: 'user', id: admin.id },
      detail: { outcome: 'refused', reason: 'current password incorrect' },
      ip: admin.ip,
    });
    throw new AppError(400, 'validation_failed', authTexts.currentPasswordIncorrect, {
      currentPassword: authTexts.currentPasswordIncorrect,
    });
  }
  await changeEmail(db, admin.id, body.email);
  await ctx.internalAdapter.updatePassword(admin.id, await ctx.password.hash(body.password));
  await deleteSessionsOfUser(db, admin.id, admin.sessionToken);
  const at = new Date().toISOString();
  // The password itself never reaches the audit log: only that it was changed.
  await recordAudit(db, {
    actor: { id: admin.id, email: body.email },
    action: auditActions.adminCredentials,
    target: { type: 'user', id: admin.id },
    detail: {
      before: { email: admin.email },
      after: { email: body.email },
      passwordChanged: true,
      otherSessionsEnded: true,
      oldAddressNotified: true,
    },
    ip: admin.ip,
  });
  deps.mailer.enqueue(
    adminCredentialsChangedMail(admin.email, {
      newEmail: body.email,
      emailChanged: body.email !== admin.email,
      at,
      ip: admin.ip,
      publicUrl: deps.publicUrl(),
    }),
  );
}
