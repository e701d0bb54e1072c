import {
  accountsApiPaths,
  creditHistoryResponseSchema,
  errorBodySchema,
  limits,
  setRoleBodySchema,
  updateCreditsBodySchema,
  updateProfileBodySchema,
  userIdParamsSchema,
  userProfileSchema,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { adjustCredits, creditHistory } from '../credits/credits.service.js';
import {
  deleteUser,
  getOwnProfile,
  getProfile,
  setRole,
  updateOwnProfile,
} from './users.service.js';

// Users (spec §7 Users: GET /users/{id}, PATCH /users/{id}/credits — at the spec's own paths),
// the signed-in user's own profile and credit history, and the admin's role and delete calls.

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

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
      await adjustCredits(db, request.params.id, request.body, request.user!.id);
      return getProfile(db, request.user!, request.params.id);
    },
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      schema: {
        summary: "Change a user's role (the last admin cannot be demoted)",
        params: userIdParamsSchema,
        body: setRoleBodySchema,
        response: { 200: userProfileSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => setRole(db, request.params.id, request.body.role),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      schema: {
        summary: 'Delete a user (the last admin cannot be deleted)',
        params: userIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      await deleteUser(db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
