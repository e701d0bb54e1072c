import {
  adminApiPaths,
  adminOverviewSchema,
  adminPreferencesSchema,
  adminUserSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  adjustCreditsBodySchema,
  adminUserStatsSchema,
  auditLogQuerySchema,
  auditLogResponseSchema,
  createAdminUserBodySchema,
  errorResponses,
  resetUsageBodySchema,
  setRoleBodySchema,
  updateAdminPreferencesSchema,
  updateAdminUserBodySchema,
  userIdParamsSchema,
  userProfileSchema,
} from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acting } from '../audit/acting.js';
import { auditEntries } from '../audit/audit.service.js';
import { getPreferences, updatePreferences } from './admin-alerts.service.js';
import { adminOverview, type OverviewDeps } from './admin-overview.service.js';
import {
  adjustUserCredits,
  createUser,
  deleteUser,
  getAdminUser,
  listUsers,
  resetUsage,
  setRole,
  updateUser,
  usersStats,
  type AdminUsersDeps,
} from './admin-users.service.js';

// The admin back-office, part one (spec §7 Admin calls, under the API prefix): overview and its
// toggles, User Management, the audit log. Every route is admin-only (route-guards.test.ts).

const errors = errorResponses(400, 401, 403, 404, 409);

export const adminRoutes: FastifyPluginAsyncZod<AdminUsersDeps & Omit<OverviewDeps, 'db'>> = async (
  app,
  deps,
) => {
  const { db } = deps;
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  app.get(
    adminApiPaths.overview,
    {
      schema: {
        summary: 'Overview figures from stored data and the processing service',
        response: { 200: adminOverviewSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async () => adminOverview({ ...deps, db }),
  );

  app.get(
    adminApiPaths.preferences,
    {
      schema: {
        summary: "The signed-in admin's notifications and security-alert toggles",
        response: { 200: adminPreferencesSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => getPreferences(db, request.user!.id),
  );

  app.put(
    adminApiPaths.preferences,
    {
      schema: {
        summary: "Change the signed-in admin's toggles",
        body: updateAdminPreferencesSchema,
        response: { 200: adminPreferencesSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const a = acting(request);
      return updatePreferences(db, a.actor, request.body, a.ip);
    },
  );

  app.get(
    adminApiPaths.users,
    {
      schema: {
        summary: 'Users with server-side search, plan and status filters and pages',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersResponseSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const q = request.query;
      return listUsers(db, {
        search: q.search,
        plan: q.plan === 'all' ? undefined : q.plan,
        status: q.status === 'all' ? undefined : q.status,
        page: q.page,
        perPage: q.per_page,
      });
    },
  );

  app.get(
    adminApiPaths.userStats,
    {
      schema: {
        summary: 'Users by status and plan, and new in the last 7 days',
        response: { 200: adminUserStatsSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async () => usersStats(db),
  );

  app.post(
    adminApiPaths.users,
    {
      schema: {
        summary: 'Add a user with a plan and status; a set-password link is e-mailed',
        body: createAdminUserBodySchema,
        response: { 201: adminUserSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) =>
      reply.status(201).send(await createUser(deps, acting(request), request.body)),
  );

  app.get(
    '/api/admin/users/:id',
    {
      schema: {
        summary: 'One user as User Management shows it',
        params: userIdParamsSchema,
        response: { 200: adminUserSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => getAdminUser(db, request.params.id),
  );

  app.put(
    '/api/admin/users/:id',
    {
      schema: {
        summary: 'Edit Subscription (plan, image limit, images processed) and/or the status',
        params: userIdParamsSchema,
        body: updateAdminUserBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => updateUser(deps, acting(request), request.params.id, request.body),
  );

  app.post(
    '/api/admin/users/:id/credits',
    {
      schema: {
        summary:
          'Adjust credits: add or remove an amount, with a reason (ledger row + audit entry)',
        params: userIdParamsSchema,
        body: adjustCreditsBodySchema,
        response: { 200: adminUserSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) =>
      adjustUserCredits(
        deps,
        acting(request),
        request.params.id,
        request.body.amount,
        request.body.reason,
      ),
  );

  app.post(
    '/api/admin/users/:id/reset-usage',
    {
      schema: {
        summary: 'Reset Usage: the images-processed counter starts again from 0',
        params: userIdParamsSchema,
        body: z.optional(resetUsageBodySchema),
        response: { 200: adminUserSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => resetUsage(deps, acting(request), request.params.id, request.body?.reason),
  );

  app.delete(
    '/api/admin/users/:id',
    {
      schema: {
        summary: 'Delete a user, their sessions, keys and stored results (ledger kept, anonymised)',
        params: userIdParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      await deleteUser(deps, acting(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/api/admin/users/:id/role',
    {
      schema: {
        summary: "Change a user's role (not one's own, not the last active admin)",
        params: userIdParamsSchema,
        body: setRoleBodySchema,
        response: { 200: userProfileSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => setRole(deps, acting(request), request.params.id, request.body.role),
  );

  app.get(
    adminApiPaths.auditLog,
    {
      schema: {
        summary: 'The audit log, newest first, filtered by action, actor, target and time',
        querystring: auditLogQuerySchema,
        response: { 200: auditLogResponseSchema, ...errors },
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const q = request.query;
      const entries = await auditEntries(db, {
        limit: q.limit,
        ...(q.action ? { actionPrefix: q.action } : {}),
        ...(q.actor ? { actorEmail: q.actor } : {}),
        ...(q.target ? { targetId: q.target } : {}),
        ...(q.since ? { since: q.since } : {}),
        ...(q.before ? { before: q.before } : {}),
      });
      return {
        entries,
        nextBefore: entries.length === q.limit ? (entries.at(-1)?.createdAt ?? null) : null,
      };
    },
  );
};
