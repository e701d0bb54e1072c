import {
  accountsApiPaths,
  accountTexts,
  adminCredentialsBodySchema,
  adminSetupResponseSchema,
  clearUsersBodySchema,
  clearUsersResponseSchema,
  errorBodySchema,
  messageResponseSchema,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.js';
import { clearUsers, currentAdminEmail } from '../users/users.service.js';
import type { Auth } from './auth.js';
import { setAdminCredentials } from './admin-setup.service.js';

// Admin settings → Admin Setup tab (spec §2 Admin): who the admin is, set the admin's
// credentials, clear all users after confirmation. Admin only.

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  409: errorBodySchema,
};

export const adminSetupRoutes: FastifyPluginAsyncZod<{ db: Db; auth: Auth }> = async (
  app,
  { db, auth },
) => {
  app.get(
    accountsApiPaths.adminSetup,
    {
      schema: {
        summary: "The admin account's e-mail (never a password)",
        response: { 200: adminSetupResponseSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async () => ({ email: await currentAdminEmail(db) }),
  );

  app.put(
    accountsApiPaths.adminCredentials,
    {
      schema: {
        summary: "Set the signed-in admin's e-mail and password",
        body: adminCredentialsBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      await setAdminCredentials(
        db,
        auth,
        {
          id: request.user!.id,
          email: request.user!.email,
          sessionToken: request.sessionToken!,
          ip: request.ip,
        },
        request.body,
      );
      return { message: accountTexts.adminCredentialsSaved };
    },
  );

  app.post(
    accountsApiPaths.adminClearUsers,
    {
      schema: {
        summary: 'Delete every user except the admins (body must be { confirm: true })',
        body: clearUsersBodySchema,
        response: { 200: clearUsersResponseSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => ({
      deleted: await clearUsers(db, {
        actor: { id: request.user!.id, email: request.user!.email },
        ip: request.ip,
      }),
    }),
  );
};
