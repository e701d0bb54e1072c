import { accountTexts, accountsEndpoints } from '@cutout/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import { RetryLaterError } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import type { Db } from '../../db/database.js';
import { acting } from '../audit/acting.js';
import { clearUsers, currentAdminEmail } from '../users/users.service.js';
import type { Auth } from './auth.js';
import { setAdminCredentials } from './admin-setup.service.js';

// Admin settings → Admin Setup tab (spec §2 Admin): who the admin is, set the admin's
// credentials, clear all users after confirmation. Admin only.

export const adminSetupRoutes: FastifyPluginAsyncZod<{
  db: Db;
  auth: Auth;
  mailer: Pick<Mailer, 'enqueue'>;
  publicUrl: () => string;
}> = async (app, { db, auth, mailer, publicUrl }) => {
  // Wrong current passwords cannot be tried without end from one admin session.
  const attempts = app.createRateLimit({
    ...rateLimits.accounts.adminCredentials,
    keyGenerator: (request) => `admin-credentials:${request.user?.id ?? request.ip}`,
  });
  const limitAttempts = async (request: FastifyRequest) => {
    const result = await attempts(request);
    if (!result.isAllowed && result.isExceeded) {
      throw new RetryLaterError(
        `Too many requests. Please try again in ${result.ttlInSeconds} seconds.`,
        result.ttlInSeconds,
      );
    }
  };

  route(
    app,
    accountsEndpoints.adminSetup,
    {
      schema: {
        summary: "The admin account's e-mail (never a password)",
      },
      onRequest: app.requireAdmin,
    },
    async () => ({ email: await currentAdminEmail(db) }),
  );

  route(
    app,
    accountsEndpoints.adminCredentials,
    {
      schema: {
        summary:
          "Set the signed-in admin's e-mail and password (needs the current password; ends the admin's other sessions; mails the old address)",
      },
      onRequest: app.requireAdmin,
      preHandler: limitAttempts,
    },
    async (request) => {
      await setAdminCredentials(
        { db, auth, mailer, publicUrl },
        { ...request.actor, sessionToken: request.sessionToken!, ip: request.ip },
        request.body,
      );
      return { message: accountTexts.adminCredentialsSaved };
    },
  );

  route(
    app,
    accountsEndpoints.adminClearUsers,
    {
      schema: {
        summary: 'Delete every user except the admins (body must be { confirm: true })',
      },
      onRequest: app.requireAdmin,
    },
    async (request) => ({
      deleted: await clearUsers(db, acting(request)),
    }),
  );
};
