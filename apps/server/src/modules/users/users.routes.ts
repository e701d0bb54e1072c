import { usersEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import type { Db } from '../../db/database.js';
import { creditHistory } from '../credits/credits.service.js';
import {
  adjustUserCredits,
  getOwnProfile,
  getProfile,
  ownUsage,
  updateOwnProfile,
} from './users.service.js';

// Users (spec §7 Users: GET /users/{id}, PATCH /users/{id}/credits — at the spec's own paths),
// the signed-in user's own profile and credit history, and the admin's role and delete calls.

export const usersRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  route(
    app,
    usersEndpoints.me,
    {
      schema: {
        summary: 'The signed-in user with credits and account type',
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getOwnProfile(db, request.user!);
    },
  );

  route(
    app,
    usersEndpoints.updateMe,
    {
      schema: {
        summary: "Change the signed-in user's name or account type",
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
  route(
    app,
    usersEndpoints.usage,
    {
      schema: {
        summary:
          'Credits left, images processed (all time, this month) and free previews left this month of the signed-in user',
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ownUsage(db, request.user!.id);
    },
  );

  route(
    app,
    usersEndpoints.creditHistory,
    {
      schema: {
        summary: "The signed-in user's credit ledger, newest first",
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

  route(
    app,
    usersEndpoints.user,
    {
      schema: {
        summary: 'A user (the user themself or an admin)',
      },
      onRequest: app.requireUser,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return getProfile(db, request.user!, request.params.id);
    },
  );

  route(
    app,
    usersEndpoints.updateCredits,
    {
      schema: {
        summary: "Set, add to or subtract from a user's credits (admin; never below 0)",
      },
      onRequest: app.requireAdmin,
    },
    async (request) =>
      adjustUserCredits(db, request.user!, request.params.id, request.body, {
        actor: request.actor,
        ip: request.ip,
      }),
  );
};
