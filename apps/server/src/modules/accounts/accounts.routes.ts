import { accountsEndpoints } from '@cutout/contracts';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../http/route.js';
import { createHash } from 'node:crypto';
import { RetryLaterError } from '../../errors.js';
import { authHeaders, setCookies } from '../../plugins/auth.js';
import {
  changePassword,
  forgotPassword,
  isResetTokenValid,
  resetPassword,
  signIn,
  signOut,
  signUp,
  type AccountsDeps,
} from './accounts.service.js';
import { rateLimits } from '../../plugins/rate-limits.js';

// The accounts API under /api/auth (spec §2 Sign-in, Sign-up, Forgot and Reset password;
// §5 and §8 for the rules and texts). better-auth's own HTTP handler is not mounted: these
// routes validate with the shared zod schemas and call auth.api (docs/decisions/0030).

const authRateLimits = rateLimits.accounts;

/** A text field of the (not yet validated) body, or '' (rate-limit keys run before validation). */
const bodyText = (request: FastifyRequest, name: string): string => {
  const value = (request.body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/** A rate-limit key that never holds the secret itself (the reset token is hashed). */
const tokenKey = (request: FastifyRequest) =>
  `token:${createHash('sha256').update(bodyText(request, 'token')).digest('hex')}`;
const emailKey = (request: FastifyRequest) => `email:${bodyText(request, 'email')}`;

export const accountsRoutes: FastifyPluginAsyncZod<AccountsDeps> = async (app, deps) => {
  // @fastify/rate-limit runs only the first of several `app.rateLimit` hooks on a request, so
  // the per-address and per-account limits are each checked with createRateLimit.
  const limit = (
    name: string,
    options: { max: number; timeWindow: number },
    keyGenerator?: (request: FastifyRequest) => string,
  ): preHandlerAsyncHookHandler => {
    const check = app.createRateLimit({
      ...options,
      // Keys carry the route name so one route's counter never spends another's.
      keyGenerator: (request) => `${name}:${keyGenerator ? keyGenerator(request) : request.ip}`,
    });
    return async (request) => {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        throw new RetryLaterError(
          `Too many requests. Please try again in ${result.ttlInSeconds} seconds.`,
          result.ttlInSeconds,
        );
      }
    };
  };

  route(
    app,
    accountsEndpoints.signUp,
    {
      schema: {
        summary: 'Create an account (10 starting credits) and sign in',
      },
      preHandler: [
        limit('sign-up', authRateLimits.signUp.perIp),
        limit('sign-up', authRateLimits.signUp.perAccount, emailKey),
      ],
    },
    async (request, reply) => {
      const { result, cookies } = await signUp(deps, request.body, authHeaders(request));
      setCookies(reply, cookies);
      return reply.status(201).send({ user: result });
    },
  );

  route(
    app,
    accountsEndpoints.signIn,
    {
      schema: {
        summary: 'Sign in with e-mail and password',
      },
      preHandler: [limit('sign-in', authRateLimits.signIn.perIp)],
    },
    async (request, reply) => {
      const { result, cookies } = await signIn(
        deps,
        request.body,
        authHeaders(request),
        request.ip,
      );
      setCookies(reply, cookies);
      return { user: result };
    },
  );

  route(
    app,
    accountsEndpoints.signOut,
    {
      schema: {
        summary: 'Sign out (ends the session; fine without one)',
      },
    },
    async (request, reply) => {
      setCookies(reply, await signOut(deps, authHeaders(request)));
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    accountsEndpoints.session,
    {
      schema: { summary: 'The signed-in user, or null' },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { user: await app.loadSession(request, reply) };
    },
  );

  route(
    app,
    accountsEndpoints.forgotPassword,
    {
      schema: {
        summary: 'E-mail a password-reset link (same answer whether or not the account exists)',
      },
      preHandler: [
        limit('forgot', authRateLimits.forgotPassword.perIp),
        limit('forgot', authRateLimits.forgotPassword.perAccount, emailKey),
      ],
    },
    async (request) => ({
      message: await forgotPassword(deps, request.body.email, authHeaders(request)),
    }),
  );

  route(
    app,
    accountsEndpoints.validateResetToken,
    {
      schema: {
        summary: 'Whether a reset token is valid (the reset page checks on load)',
      },
      preHandler: [limit('validate-reset', authRateLimits.validateResetToken.perIp)],
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return { valid: await isResetTokenValid(deps, request.query.token) };
    },
  );

  route(
    app,
    accountsEndpoints.resetPassword,
    {
      schema: {
        summary: 'Set a new password with a reset token (signs out every session)',
      },
      preHandler: [
        limit('reset', authRateLimits.resetPassword.perIp),
        limit('reset', authRateLimits.resetPassword.perAccount, tokenKey),
      ],
    },
    async (request) => ({
      message: await resetPassword(deps, request.body, authHeaders(request)),
    }),
  );

  route(
    app,
    accountsEndpoints.changePassword,
    {
      schema: {
        summary: "Change the signed-in user's password (signs out their other sessions)",
      },
      onRequest: app.requireUser,
    },
    async (request) => ({
      message: await changePassword(
        deps,
        { userId: request.user!.id, token: request.sessionToken! },
        request.body,
        authHeaders(request),
      ),
    }),
  );
};
