import { adminEndpoints } from '@cutout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
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

export const adminRoutes: FastifyPluginAsyncZod<AdminUsersDeps & Omit<OverviewDeps, 'db'>> = async (
  app,
  deps,
) => {
  const { db } = deps;
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  route(
    app,
    adminEndpoints.overview,
    {
      schema: {
        summary: 'Overview figures from stored data and the processing service',
      },
      onRequest: app.requireAdmin,
    },
    async () => adminOverview({ ...deps, db }),
  );

  route(
    app,
    adminEndpoints.preferences,
    {
      schema: {
        summary: "The signed-in admin's notifications and security-alert toggles",
      },
      onRequest: app.requireAdmin,
    },
    async (request) => getPreferences(db, request.user!.id),
  );

  route(
    app,
    adminEndpoints.updatePreferences,
    {
      schema: {
        summary: "Change the signed-in admin's toggles",
      },
      onRequest: app.requireAdmin,
    },
    async (request) => {
      const a = acting(request);
      return updatePreferences(db, a.actor, request.body, a.ip);
    },
  );

  route(
    app,
    adminEndpoints.users,
    {
      schema: {
        summary: 'Users with server-side search, plan and status filters and pages',
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

  route(
    app,
    adminEndpoints.userStats,
    {
      schema: {
        summary: 'Users by status and plan, and new in the last 7 days',
      },
      onRequest: app.requireAdmin,
    },
    async () => usersStats(db),
  );

  route(
    app,
    adminEndpoints.createUser,
    {
      schema: {
        summary: 'Add a user with a plan and status; a set-password link is e-mailed',
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) =>
      reply.status(201).send(await createUser(deps, acting(request), request.body)),
  );

  route(
    app,
    adminEndpoints.user,
    {
      schema: {
        summary: 'One user as User Management shows it',
      },
      onRequest: app.requireAdmin,
    },
    async (request) => getAdminUser(db, request.params.id),
  );

  route(
    app,
    adminEndpoints.updateUser,
    {
      schema: {
        summary: 'Edit Subscription (plan, image limit, images processed) and/or the status',
      },
      onRequest: app.requireAdmin,
    },
    async (request) => updateUser(deps, acting(request), request.params.id, request.body),
  );

  route(
    app,
    adminEndpoints.adjustCredits,
    {
      schema: {
        summary:
          'Adjust credits: add or remove an amount, with a reason (ledger row + audit entry)',
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

  route(
    app,
    adminEndpoints.resetUsage,
    {
      schema: {
        summary: 'Reset Usage: the images-processed counter starts again from 0',
      },
      onRequest: app.requireAdmin,
    },
    async (request) => resetUsage(deps, acting(request), request.params.id, request.body?.reason),
  );

  route(
    app,
    adminEndpoints.deleteUser,
    {
      schema: {
        summary: 'Delete a user, their sessions, keys and stored results (ledger kept, anonymised)',
      },
      onRequest: app.requireAdmin,
    },
    async (request, reply) => {
      await deleteUser(deps, acting(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    adminEndpoints.setRole,
    {
      schema: {
        summary: "Change a user's role (not one's own, not the last active admin)",
      },
      onRequest: app.requireAdmin,
    },
    async (request) => setRole(deps, acting(request), request.params.id, request.body.role),
  );

  route(
    app,
    adminEndpoints.auditLog,
    {
      schema: {
        summary: 'The audit log, newest first, filtered by action, actor, target and time',
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
