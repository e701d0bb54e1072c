import {
  accountsApiPaths,
  auditActions,
  creditHistoryResponseSchema,
  errorResponses,
  limits,
  ownUsageSchema,
  updateCreditsBodySchema,
  updateProfileBodySchema,
  userIdParamsSchema,
  userProfileSchema,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { adjustCredits, creditHistory } from '../credits/credits.service.js';
import { recordAudit } from '../audit/audit.service.js';
import { getOwnProfile, getProfile, ownUsage, updateOwnProfile } from './users.service.js';

// Users (spec §7 Users: GET /users/{id}, PATCH /users/{id}/credits — at the spec's own paths),
// the signed-in user's own profile and credit history, and the admin's role and delete calls.

const errors = errorResponses(400, 401, 403, 404, 409);

const historyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(limits.purchasesPageSize),
});

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    accountsApiPaths.me,
    {
      schema: {
        summary: 'The signed-in user with credits and account type',
        response: { 200: userProfileSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getOwnProfile(db, request.user!);
    },
  );

  app.patch(
    accountsApiPaths.me,
    {
      schema: {
        summary: "Change the signed-in user's name or account type",
        body: updateProfileBodySchema,
        response: { 200: userProfileSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return updateOwnProfile(db, request.user!, request.body);
    },
  );

  // The dashboard's figures. The public API's GET /api/v1/user/usage answers the same to an API
  // key, and /api/v1/account the free previews left; the web app, signed in by cookie, asks
  // here (API-key paths take keys only, 0160).
  app.get(
    accountsApiPaths.usage,
    {
      schema: {
        summary:
          'Credits left, images processed (all time, this month) and free previews left this month of the signed-in user',
        response: { 200: ownUsageSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ownUsage(db, request.user!.id);
    },
  );

  app.get(
    accountsApiPaths.creditHistory,
    {
      schema: {
        summary: "The signed-in user's credit ledger, newest first",
        querystring: historyQuerySchema,
        response: { 200: creditHistoryResponseSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { page, per_page } = request.query;
      return {
        entries: await creditHistory(db, request.user!.id, {
          limit: per_page,
          offset: (page - 1) * per_page,
        }),
      };
    },
  );

  app.get(
    '/users/:id',
    {
      schema: {
        summary: 'A user (the user themself or an admin)',
        params: userIdParamsSchema,
        response: { 200: userProfileSchema, ...errors },
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getProfile(db, request.user!, request.params.id);
    },
  );

  app.patch(
    '/users/:id/credits',
    {
      schema: {
        summary: "Set, add to or subtract from a user's credits (admin; never below 0)",
        params: userIdParamsSchema,
        body: updateCreditsBodySchema,
        response: { 200: userProfileSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const admin = request.user!;
      await db.transaction().execute(async (trx) => {
        const before = await getProfile(trx, admin, request.params.id);
        const after = await adjustCredits(trx, request.params.id, request.body, admin.id);
        await recordAudit(trx, {
          actor: { id: admin.id, email: admin.email },
          action: auditActions.userCredits,
          target: { type: 'user', id: request.params.id },
          detail: {
            email: before.email,
            before: { credits: before.credits },
            after: { credits: after },
            operation: request.body.operation,
            credits: request.body.credits,
          },
          ip: request.ip,
        });
      });
      return getProfile(db, admin, request.params.id);
    },
  );
};
