import { accountsEndpoints, paths } from '@cutout/contracts';
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
  resendVerification,
  resetPassword,
  signIn,
  signOut,
  signUp,
  verifyEmail,
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
  // Each limit is a fixed window per client address, or per e-mail (or token, or account), on
  // counters that survive a restart: Redis when configured, else the database (decision 0265).
  const limit = (
    name: string,
    options: { max: number; timeWindow: number },
    keyGenerator?: (request: FastifyRequest) => string,
  ): preHandlerAsyncHookHandler => {
    return async (request) => {
      // Keys carry the route name so one route's counter never spends another's.
      const key = `${name}:${keyGenerator ? keyGenerator(request) : request.ip}`;
      const { count, ttlMs } = await deps.rateCounter.hit(key, options.timeWindow);
      if (count > options.max) {
        const seconds = Math.max(1, Math.ceil(ttlMs / 1000));
        throw new RetryLaterError(
          `Too many requests. Please try again in ${seconds} seconds.`,
          seconds,
        );
      }
    };
  };

  route(
    app,
    accountsEndpoints.signUp,
    {
      schema: {
        summary:
          'Create an account and sign in; mails the link whose confirmation brings the free credits',
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
    accountsEndpoints.verifyEmail,
    {
      schema: {
        summary:
          "The sign-up mail's link: confirms the address (which brings the free credits), then redirects to the dashboard",
      },
      preHandler: [limit('verify-email', authRateLimits.verifyEmail.perIp)],
    },
    async (request, reply) => {
      const outcome = await verifyEmail(deps, request.query.token, authHeaders(request));
      void reply.header('cache-control', 'no-store');
      return reply.redirect(`${paths.dashboard}?email=${outcome}`, 303);
    },
  );

  route(
    app,
    accountsEndpoints.resendVerification,
    {
      schema: { summary: 'Mail the signed-in user a new link that confirms their address' },
      onRequest: app.requireUser,
      preHandler: [
        limit('resend-verification', authRateLimits.resendVerification.perIp),
        limit(
          'resend-verification',
          authRateLimits.resendVerification.perAccount,
          (request) => `user:${request.user?.id ?? ''}`,
        ),
      ],
    },
    async (request) => ({
      message: await resendVerification(deps, request.user!.id, authHeaders(request)),
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
