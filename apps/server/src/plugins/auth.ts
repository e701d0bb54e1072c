import { apiKeyTexts, authTexts, type SessionUser } from '@cutout/contracts';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { AppError, forbidden, unauthorized } from '../errors.js';
import type { Db } from '../db/database.js';
import type { Auth } from '../modules/accounts/auth.js';
import { currentSession } from '../modules/accounts/accounts.service.js';
import { apiKeyFrom, verifyApiKey } from '../modules/api-keys/api-keys.service.js';
import { isServerPath } from './web-app.js';

// Who is calling. `request.user` is filled from the session cookie by the requireUser /
// requireAdmin onRequest hooks — before validation, so an anonymous caller learns nothing about a
// route's body — (or loadSession for routes that only want to know); every route that
// is not public carries one of the two, and a test walks every route to prove it.
// The editor's routes that API keys may also call use callerGuard: one path for both ways in, a
// key (`Authorization: Bearer {key}` or `X-Api-Key: {key}`) or else the session; `request.caller`
// says which. The public API's paths (/api/v1/*, /v1.0/*) use keyGuard: the key alone, never
// the session cookie, so a page on another site cannot spend a signed-in visitor's credits
// through them (docs/decisions/0160). A key that is unknown or revoked is refused, never treated
// as no key. Also the CSRF check for state-changing requests (docs/decisions/0031).

/** Who is processing: a session's user (via 'web') or an API key's owner (via 'api'). */
export interface Caller {
  userId: string;
  via: 'web' | 'api';
  /** The key used, for per-key rate limits; null for a session. */
  keyId: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    /** The session token behind `user` (never sent back, never logged). */
    sessionToken: string | null;
    /** Set by callerGuard hooks (or loadCaller). */
    caller: Caller | null;
    /**
     * The signed-in user as the actor of an audit entry; only behind requireUser/requireAdmin
     * (read without a session, it throws: a route that records must be guarded).
     */
    readonly actor: { id: string; email: string };
  }
  interface FastifyInstance {
    /** 401 'You must be logged in' without a session. */
    requireUser: onRequestAsyncHookHandler;
    /** 401 without a session, 403 without the admin role. */
    requireAdmin: onRequestAsyncHookHandler;
    /** Resolves the session once per request; null when signed out. */
    loadSession: (request: FastifyRequest, reply: FastifyReply) => Promise<SessionUser | null>;
    /** The API key's owner or the session's user; null when neither; 401 for a bad key. */
    loadCaller: (request: FastifyRequest, reply: FastifyReply) => Promise<Caller | null>;
    /** An onRequest hook: 401 with `message` unless loadCaller finds someone. */
    callerGuard: (message: string) => onRequestAsyncHookHandler;
    /**
     * An onRequest hook for the API-key paths: the key alone, the session cookie is not read.
     * 401 with `missing` without a key; `invalidStatus` (401, or remove.bg's 403) for a key
     * that is unknown or revoked.
     */
    keyGuard: (options: {
      missing: string;
      invalidStatus?: 401 | 403;
    }) => onRequestAsyncHookHandler;
  }
}

interface KeyGuardOptions {
  missing: string;
  invalidStatus?: 401 | 403;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?cutout\.session_token=/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const loaded = new WeakSet<FastifyRequest>();

/** The headers better-auth needs from a request. The client IP is the one Fastify resolved. */
export function authHeaders(request: FastifyRequest): { headers: Headers } {
  const headers = new Headers();
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  const agent = request.headers['user-agent'];
  if (agent) headers.set('user-agent', agent);
  headers.set('x-cutout-client-ip', request.ip);
  return { headers };
}

export function setCookies(reply: FastifyReply, cookies: string[]): void {
  if (cookies.length > 0) void reply.header('set-cookie', cookies);
}

function originOf(value: string): string | undefined {
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

export const authPlugin = fp<{ auth: Auth; publicUrl: string; db: Db }>(
  async function authPlugin(app: FastifyInstance, { auth, publicUrl, db }) {
    const publicOrigin = new URL(publicUrl).origin;
    app.decorateRequest('user', null);
    app.decorateRequest('sessionToken', null);
    app.decorateRequest('caller', null);
    app.decorateRequest('actor', {
      getter(this: FastifyRequest) {
        if (!this.user) throw new Error('request.actor read on a request without a session');
        return { id: this.user.id, email: this.user.email };
      },
    });

    // CSRF: the session cookie is SameSite=Lax, and on top of that a browser's state-changing
    // request must come from our own origin (PUBLIC_URL, or the host it was sent to). Browsers
    // send Origin on every cross-origin POST/PUT/PATCH/DELETE; a request without Origin or
    // Referer is not a browser acting on another site's behalf.
    app.addHook('onRequest', async (request) => {
      if (SAFE_METHODS.has(request.method) || !isServerPath(request.url)) return;
      const claimed = request.headers.origin ?? request.headers.referer;
      if (claimed === undefined) return;
      const origin = claimed === 'null' ? 'null' : originOf(claimed);
      const own = new Set([publicOrigin, originOf(`${request.protocol}://${request.host}`)]);
      if (origin === undefined || !own.has(origin)) {
        throw new AppError(403, 'forbidden', 'Cross-site request refused.');
      }
    });

    async function loadSession(request: FastifyRequest, reply: FastifyReply) {
      if (loaded.has(request)) return request.user;
      loaded.add(request);
      if (!SESSION_COOKIE.test(request.headers.cookie ?? '')) return null;
      const { result, cookies } = await currentSession({ auth }, authHeaders(request));
      setCookies(reply, cookies);
      request.user = result?.user ?? null;
      request.sessionToken = result?.token ?? null;
      return request.user;
    }

    async function loadCaller(request: FastifyRequest, reply: FastifyReply) {
      if (request.caller) return request.caller;
      const key = apiKeyFrom(request.headers);
      if (key !== undefined) {
        const verified = await verifyApiKey(db, key);
        if (!verified) throw unauthorized(apiKeyTexts.invalidKey);
        request.caller = { userId: verified.userId, via: 'api', keyId: verified.id };
        return request.caller;
      }
      const user = await loadSession(request, reply);
      request.caller = user ? { userId: user.id, via: 'web', keyId: null } : null;
      return request.caller;
    }

    app.decorate('loadSession', loadSession);
    app.decorate('loadCaller', loadCaller);
    app.decorate('callerGuard', (message: string) => {
      return async (request: FastifyRequest, reply: FastifyReply) => {
        if (!(await loadCaller(request, reply))) throw unauthorized(message);
      };
    });
    app.decorate('keyGuard', ({ missing, invalidStatus = 401 }: KeyGuardOptions) => {
      return async (request: FastifyRequest) => {
        const key = apiKeyFrom(request.headers);
        if (key === undefined) throw unauthorized(missing);
        const verified = await verifyApiKey(db, key);
        if (!verified) {
          throw invalidStatus === 403
            ? forbidden(apiKeyTexts.invalidKey)
            : unauthorized(apiKeyTexts.invalidKey);
        }
        request.caller = { userId: verified.userId, via: 'api', keyId: verified.id };
      };
    });
    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!(await loadSession(request, reply))) throw unauthorized(authTexts.mustBeLoggedIn);
    });
    app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
      const user = await loadSession(request, reply);
      if (!user) throw unauthorized(authTexts.mustBeLoggedIn);
      if (user.role !== 'admin') throw forbidden();
    });
  },
  { name: 'auth' },
);
