import { dataExportName, leavingTexts, usersEndpoints } from '@cutout/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { RetryLaterError } from '../../errors.js';
import { route } from '../../http/route.js';
import { authHeaders, setCookies } from '../../plugins/auth.js';
import { rateLimits } from '../../plugins/rate-limits.js';
import { signOut } from '../accounts/accounts.service.js';
import { dataExport } from './data-export.js';
import { deleteOwnAccount, type LeavingDeps } from './leaving.service.js';

// Leaving with one's data (issue 38 item 4, decision 0270): GET /api/me/export and
// DELETE /api/me, for the signed-in user (a session; the CSRF check of every state-changing
// call applies). Both are limited per account.

export const leavingRoutes: FastifyPluginAsyncZod<LeavingDeps> = async (app, deps) => {
  const perAccount = (
    name: string,
    options: { max: number; timeWindow: number },
    message?: string,
  ) => {
    const check = app.createRateLimit({
      ...options,
      keyGenerator: (request) => `${name}:${request.user?.id ?? request.ip}`,
    });
    return async (request: FastifyRequest) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new RetryLaterError(
          message ?? `Too many requests. Please try again in ${result.ttlInSeconds} seconds.`,
          result.ttlInSeconds,
        );
      }
    };
  };

  route(
    app,
    usersEndpoints.exportData,
    {
      schema: {
        summary:
          "The signed-in user's data as a zip: profile, orders, invoices (PDF), refund requests, credit ledger (CSV), API key names, images in history",
      },
      onRequest: app.requireUser,
      preHandler: perAccount(
        'data-export',
        rateLimits.leaving.dataExport,
        leavingTexts.exportTooOften,
      ),
    },
    async (request, reply) => {
      const now = new Date();
      const zip = await dataExport(deps, request.user!.id, now);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${dataExportName(now)}"`)
        .header('cache-control', 'no-store')
        .send(zip);
    },
  );

  route(
    app,
    usersEndpoints.deleteMe,
    {
      schema: {
        summary:
          "Delete the signed-in user's account (JSON password); invoices are kept as issued, orders and ledger anonymised",
      },
      onRequest: app.requireUser,
      preHandler: perAccount('delete-account', rateLimits.leaving.deleteAccount),
    },
    async (request, reply) => {
      await deleteOwnAccount(deps, request.user!, request.body.password, request.ip);
      // The session rows are gone with the account; this clears the browser's cookie.
      setCookies(reply, await signOut(deps, authHeaders(request)));
      return reply.status(204).send(null);
    },
  );
};
