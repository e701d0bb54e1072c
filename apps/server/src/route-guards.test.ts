import {
  accountsApiPaths,
  adminApiPaths,
  adminSubscriptionsApiPaths,
  apiKeyTexts,
  databaseConnectionsApiPaths,
  editorTexts,
  integrationsApiPaths,
} from '@cutout/contracts';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey } from './modules/api-keys/api-keys.service.js';
import { adminCookie, createAccountsApp, signUp, type SignedUp } from './test/accounts.js';
import type { TestApp } from './test/test-app.js';

// Every registered route, called anonymously, as a user and as an admin. A route that is not in
// this table fails the test: whoever adds a route decides here who may call it.

// 'caller': a session or an API key; anonymous callers are told to sign up (spec §8).
// 'key': the public API, an API key only (a session cookie alone is refused, decision 0160);
// anonymous callers are told how to send a key.
// 'signed': no session needed or used; the request must carry the provider's signature.
// 'visitor': a session, an API key, or nobody: an anonymous visitor's free try (decision 0155).
type Access = 'public' | 'user' | 'admin' | 'caller' | 'key' | 'signed' | 'visitor';

const table: Record<string, Access> = {
  'GET /health': 'public',
  // Open in tests (NODE_ENV=test, no token); the metrics token or an admin session in production
  // (decision 0067, tested in health.test.ts).
  'GET /health/detailed': 'public',
  'GET /metrics': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/json': 'public',
  'GET /api/docs/yaml': 'public',
  'GET /api/docs/static/*': 'public',
  'GET /api/docs/static/index.html': 'public',
  'GET /api/docs/static/swagger-initializer.js': 'public',
  'POST /api/errors': 'public',
  'POST /api/contact': 'public',
  'POST /api/newsletter': 'public',
  // The mailed links' token is the credential (decision 0261).
  'POST /api/newsletter/confirm': 'public',
  'POST /api/newsletter/unsubscribe': 'public',
  'GET /api/samples': 'public',
  'GET /api/samples/:id/image': 'public',
  'GET /api/samples/:id/thumbnail': 'public',
  'GET /api/editor/config': 'public',
  'POST /api/jobs': 'visitor',
  // Anonymous callers reach these with a free try's token only (tested in
  // free-try-and-history.test.ts); without one they are told to sign up.
  'GET /api/jobs/:id': 'caller',
  'DELETE /api/jobs/:id': 'caller',
  'GET /api/jobs/:id/events': 'caller',
  // Their owner, or anyone holding a signed link (checked by the handler).
  'GET /api/jobs/:id/results/:variant': 'user',
  'GET /api/jobs/:id/original': 'user',
  // The editor's export of its own finished job (no charge).
  'POST /api/jobs/:id/compose': 'user',
  // The touch-up brush's mask, and going back to the model's result (decision 0150).
  'POST /api/jobs/:id/mask': 'caller',
  'DELETE /api/jobs/:id/mask': 'caller',
  // History (decision 0156).
  'GET /api/jobs/:id/thumbnail': 'user',
  'GET /api/me/history': 'user',
  'DELETE /api/me/history/:id': 'user',
  'POST /remove-background/': 'caller',
  'POST /api/v1/remove-background': 'key',
  'GET /api/v1/user/usage': 'key',
  'GET /api/v1/account': 'key',
  'GET /api/v1/jobs': 'key',
  'GET /api/v1/jobs/:id': 'key',
  // remove.bg's paths (its error shape).
  'POST /v1.0/removebg': 'key',
  'GET /v1.0/account': 'key',
  // API keys are made and revoked with a session only.
  'GET /api/me/api-keys': 'user',
  'POST /api/me/api-keys': 'user',
  'DELETE /api/me/api-keys/:id': 'user',
  'PATCH /api/me': 'user',
  'POST /api/auth/sign-up': 'public',
  'POST /api/auth/sign-in': 'public',
  'POST /api/auth/sign-out': 'public',
  'GET /api/auth/session': 'public',
  'POST /api/auth/forgot-password': 'public',
  'GET /api/auth/reset-password/validate': 'public',
  'POST /api/auth/reset-password': 'public',
  'POST /api/auth/change-password': 'user',
  'GET /api/auth/verify-email': 'public',
  'POST /api/auth/verify-email/resend': 'user',
  'GET /api/me': 'user',
  'GET /api/me/export': 'user',
  'DELETE /api/me': 'user',
  'GET /api/me/usage': 'user',
  'GET /api/me/credits/history': 'user',
  'GET /api/batches': 'user',
  'POST /api/batches': 'user',
  'GET /api/batches/:id': 'user',
  'DELETE /api/batches/:id': 'user',
  'POST /api/batches/:id/run': 'user',
  'DELETE /api/batches/:id/items/:itemId': 'user',
  'PUT /api/batches/:id/items/:itemId/image': 'user',
  'GET /api/batches/:id/download': 'user',
  'GET /users/:id': 'user',
  'PATCH /users/:id/credits': 'admin',
  'GET /api/admin/setup': 'admin',
  'PUT /api/admin/setup/credentials': 'admin',
  'POST /api/admin/users/clear': 'admin',
  'PATCH /api/admin/users/:id/role': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  // Pages CMS (issue 15): published pages by slug for everyone, the rest for the admin.
  'GET /api/pages': 'admin',
  'GET /api/pages/stats': 'admin',
  'GET /api/pages/slug/*': 'public',
  'GET /api/pages/:id': 'admin',
  'POST /api/pages': 'admin',
  'PUT /api/pages/:id': 'admin',
  'DELETE /api/pages/:id': 'admin',
  'GET /sitemap.xml': 'public',
  'GET /robots.txt': 'public',
  'GET /api/admin/backups': 'admin',
  'POST /api/admin/backups': 'admin',
  'GET /api/admin/backups/:id': 'admin',
  'DELETE /api/admin/backups/:id': 'admin',
  'GET /api/admin/integrations': 'admin',
  'PUT /api/admin/integrations': 'admin',
  'POST /api/admin/integrations/test-email': 'admin',
  'POST /api/admin/integrations/check-payment-provider': 'admin',
  'GET /api/admin/database/connections': 'admin',
  'POST /api/admin/database/connections': 'admin',
  'PUT /api/admin/database/connections/:id': 'admin',
  'DELETE /api/admin/database/connections/:id': 'admin',
  'POST /api/admin/database/connections/:id/copy': 'admin',
  'POST /api/admin/database/connections/:id/test': 'admin',
  'POST /api/admin/database/connections/:id/connect': 'admin',
  'POST /api/admin/database/disconnect': 'admin',
  'GET /api/admin/database/status': 'admin',
  'POST /api/admin/database/query': 'admin',
  'GET /api/admin/database/tables': 'admin',
  'POST /api/admin/database/backup': 'admin',
  'POST /api/admin/database/restore': 'admin',
  'GET /api/plans': 'public',
  'POST /api/checkouts': 'user',
  'GET /api/checkouts/:id': 'user',
  'GET /api/me/billing': 'user',
  'GET /api/me/orders': 'user',
  'GET /api/me/orders/:id/receipt': 'user',
  'POST /api/me/orders/:id/receipt/email': 'user',
  'GET /api/me/invoices/:id': 'user',
  'POST /api/me/orders/:id/refund-request': 'user',
  'GET /api/me/billing-profile': 'user',
  'PUT /api/me/billing-profile': 'user',
  'GET /users/:id/purchases': 'user',
  // Signed by the provider (X-Signature), not by a session.
  'POST /api/payments/webhooks/:provider': 'signed',
  // The sandbox provider's hosted checkout: the unguessable checkout id is the capability.
  'GET /api/payments/sandbox/checkouts/:id': 'public',
  'POST /api/payments/sandbox/checkouts/:id/pay': 'public',
  'POST /api/payments/sandbox/checkouts/:id/cancel': 'public',
  'GET /api/admin/orders': 'admin',
  'POST /api/admin/orders/:id/refund': 'admin',
  'GET /api/admin/webhook-events': 'admin',
  'POST /api/admin/webhook-events/:id/replay': 'admin',
  'GET /api/admin/overview': 'admin',
  'GET /api/admin/preferences': 'admin',
  'PUT /api/admin/preferences': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/users/stats': 'admin',
  'POST /api/admin/users': 'admin',
  'GET /api/admin/users/:id': 'admin',
  'PUT /api/admin/users/:id': 'admin',
  'POST /api/admin/users/:id/reset-usage': 'admin',
  'POST /api/admin/users/:id/credits': 'admin',
  'GET /api/admin/audit-log': 'admin',
  // The admin's purchases and pricing (issue 14, decisions 0104, 0105).
  'GET /api/admin/subscriptions': 'admin',
  'GET /api/admin/subscriptions/stats': 'admin',
  'GET /api/admin/subscriptions/:id': 'admin',
  'PUT /api/admin/subscriptions/:id': 'admin',
  'POST /api/admin/subscriptions/:id/cancel': 'admin',
  // Taking real money safely (issue 23, decisions 0120–0126).
  'POST /api/admin/subscriptions/:id/credit': 'admin',
  'POST /api/admin/refund-requests/:id/approve': 'admin',
  'POST /api/admin/refund-requests/:id/decline': 'admin',
  'GET /api/admin/invoices/:id': 'admin',
  'GET /api/admin/payments-status': 'admin',
  'GET /api/admin/business-details': 'admin',
  'PUT /api/admin/business-details': 'admin',
  'GET /api/admin/plans': 'admin',
  'PUT /api/admin/plans/:id': 'admin',
};

describe('route guards', () => {
  const routes = new Set<string>();
  let t: TestApp;
  let user: SignedUp;
  let admin: string;
  let userKey: string;
  beforeAll(async () => {
    t = await createAccountsApp('sqlite', {
      onRoute: (route) => {
        for (const method of [route.method].flat()) {
          // HEAD answers exactly like the GET it mirrors.
          if (method !== 'HEAD') routes.add(`${method} ${route.url}`);
        }
      },
    });
    user = await signUp(t.app);
    admin = await adminCookie(t.app);
    userKey = (await createApiKey(t.app.database.db, user.id, 'route guards')).key;
  });
  afterAll(() => t.close());

  it('knows every registered route', () => {
    expect([...routes].filter((r) => !(r in table))).toEqual([]);
    expect(Object.keys(table).filter((r) => !routes.has(r))).toEqual([]);
  });

  it('serves every path the contracts give the web client', () => {
    const paths = new Set([...routes].map((r) => r.split(' ')[1]));
    const listed = [
      ...Object.values(accountsApiPaths),
      ...Object.values(databaseConnectionsApiPaths),
      ...Object.values(integrationsApiPaths),
      ...Object.values(adminApiPaths),
      ...Object.values(adminSubscriptionsApiPaths),
    ].map((p) => (typeof p === 'function' ? p(':id') : p));
    expect(listed.filter((p) => !paths.has(p.replace('%3Aid', ':id')))).toEqual([]);
  });

  const call = (
    route: string,
    cookie: string | undefined,
    id: string,
    headers: Record<string, string> = {},
  ) => {
    const [method, path] = route.split(' ') as [HTTPMethods, string];
    return t.app.inject({
      method,
      url: path.replace(':id', id).replace(':variant', 'refined').replace('*', 'x'),
      headers: { ...headers, ...(cookie ? { cookie } : {}) },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
  };

  for (const [key, access] of Object.entries(table)) {
    if (access === 'public') continue;
    if (access === 'visitor') {
      it(`${key}: open to anonymous visitors, users and API keys`, async () => {
        for (const [cookie, headers] of [
          [undefined, {}],
          [user.cookie, {}],
          [undefined, { 'x-api-key': userKey }],
        ] as const) {
          const res = await call(key, cookie, user.id, headers);
          expect([401, 403]).not.toContain(res.statusCode);
        }
      });
      continue;
    }
    if (access === 'signed') {
      it(`${key}: 401 without the signature, even with a session`, async () => {
        for (const cookie of [undefined, user.cookie, admin]) {
          const res = await call(key.replace(':provider', 'sandbox'), cookie, user.id);
          expect(res.statusCode).toBe(401);
        }
      });
      continue;
    }
    it(`${key}: 401 anonymous, ${access === 'admin' ? '403 for a user, ' : ''}allowed for ${access}`, async () => {
      const anonymous = await call(key, undefined, user.id);
      expect(anonymous.statusCode).toBe(401);
      const body = anonymous.json();
      expect(body.error?.message ?? body.errors?.[0]?.detail).toBe(
        access === 'caller'
          ? editorTexts.signUpToContinue
          : access === 'key'
            ? apiKeyTexts.missingKey
            : 'You must be logged in',
      );

      const asUser = await call(key, user.cookie, user.id);
      if (access === 'key') {
        // The session cookie is not read on the API-key paths; the key is.
        expect(asUser.statusCode).toBe(401);
        const withKey = await call(key, undefined, user.id, { 'x-api-key': userKey });
        expect([401, 403]).not.toContain(withKey.statusCode);
      } else if (access === 'admin') {
        expect(asUser.statusCode).toBe(403);
        expect(asUser.json().error.code).toBe('forbidden');
      } else {
        expect([401, 403]).not.toContain(asUser.statusCode);
      }

      const asAdmin = await call(key, admin, 'no-such-user');
      if (access === 'admin') expect([401, 403]).not.toContain(asAdmin.statusCode);
    });
  }

  it('public routes answer without a session', async () => {
    for (const [key, access] of Object.entries(table)) {
      if (access !== 'public') continue;
      const res = await call(key, undefined, 'x');
      expect([401, 403], key).not.toContain(res.statusCode);
    }
  });
});
