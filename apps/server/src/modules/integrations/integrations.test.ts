import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  integrationsApiPaths as api,
  integrationTexts,
  type IntegrationFieldView,
  type IntegrationsView,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../../mail/outbox.repository.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import {
  adminCookie,
  createAccountsApp,
  signUp,
  TEST_ADMIN,
  type SignedUp,
} from '../../test/accounts.js';
import { testDatabaseUrl, type TestApp } from '../../test/test-app.js';
import { auditEntries } from '../audit/audit.service.js';

// Admin → Integration settings through the real app: masking, sealing at rest, env precedence,
// validation, audit, and the two buttons against real local servers (SMTP and HTTP).

/** The default Lemon Squeezy API URL, as its key is sealed for it. */
const apiUrlDestination = JSON.stringify(['https://api.lemonsqueezy.com']);

const field = (view: IntegrationsView, key: IntegrationFieldView['key']) =>
  view.fields.find((f) => f.key === key)!;

async function rawRow(app: FastifyInstance, key: string) {
  return app.database.db
    .selectFrom('integration_settings')
    .select(['key', 'value'])
    .where('key', '=', key)
    .executeTakeFirst();
}

/** A stand-in for Lemon Squeezy's API: GET /v1/stores/42 answers only the right bearer key. */
async function startLemonSqueezyStub(goodKey: string) {
  const seen: { path: string; auth: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    seen.push({ path: req.url ?? '', auth: req.headers.authorization });
    res.setHeader('content-type', 'application/vnd.api+json');
    if (req.headers.authorization !== `Bearer ${goodKey}`) {
      res.statusCode = 401;
      res.end(
        JSON.stringify({
          errors: [{ status: '401', title: 'Unauthorized', detail: 'Unauthenticated.' }],
        }),
      );
      return;
    }
    if (req.url !== '/v1/stores/42') {
      res.statusCode = 404;
      res.end(JSON.stringify({ errors: [{ status: '404', title: 'Not Found' }] }));
      return;
    }
    res.end(
      JSON.stringify({ data: { type: 'stores', id: '42', attributes: { name: 'Test store' } } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An SMTP server on 127.0.0.1 that offers AUTH (without TLS) and records each password. */
async function startAuthRecorder() {
  const passwords: string[] = [];
  const server = new SMTPServer({
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      passwords.push(auth.password ?? '');
      callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => callback());
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    passwords,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  const skip = dialect === 'postgres' && !testDatabaseUrl;
  describe.skipIf(skip)(
    `admin integration settings on ${dialect}${skip ? ' (skipped: TEST_DATABASE_URL is not set)' : ''}`,
    () => {
      let t: TestApp;
      let admin: string;
      let user: SignedUp;
      let sink: SmtpSink;

      beforeAll(async () => {
        t = await createAccountsApp(dialect);
        admin = await adminCookie(t.app);
        user = await signUp(t.app);
        sink = await startSmtpSink();
      });
      afterAll(async () => {
        await t?.close();
        await sink?.close();
      });

      const get = async () => {
        const res = await t.app.inject({ url: api.settings, headers: { cookie: admin } });
        expect(res.statusCode).toBe(200);
        return res.json<IntegrationsView>();
      };
      const put = (payload: Record<string, unknown>, cookie = admin) =>
        t.app.inject({ method: 'PUT', url: api.settings, headers: { cookie }, payload });

      it('starts from the defaults, each marked default, with no secret set', async () => {
        const view = await get();
        expect(field(view, 'publicUrl')).toMatchObject({
          value: t.config.publicUrl,
          source: 'default',
        });
        expect(field(view, 'paymentProvider')).toMatchObject({
          value: 'sandbox',
          source: 'default',
        });
        expect(field(view, 'smtpPort')).toMatchObject({ value: 587, source: 'default' });
        expect(field(view, 'lemonSqueezyApiKey')).toMatchObject({
          value: null,
          isSet: false,
          secret: true,
          envVar: 'LEMONSQUEEZY_API_KEY',
        });
        expect(view.mailTransport).toBe('outbox');
      });

      it('seals secrets at rest, sends them back masked, and keeps them when saved blank or masked', async () => {
        const apiKey = 'ls_live_secret_key_abcd';
        const res = await put({ lemonSqueezyApiKey: apiKey, lemonSqueezyStoreId: '42' });
        expect(res.statusCode).toBe(200);
        expect(res.body).not.toContain(apiKey);
        const stored = await rawRow(t.app, 'lemonSqueezyApiKey');
        // Sealed for the API URL it is sent to (decision 0134).
        expect(stored?.value).toMatch(/^v2\./);
        expect(stored?.value).not.toContain(apiKey);
        expect(t.app.secretBox.openFor(stored!.value, apiUrlDestination)).toBe(apiKey);

        let view = await get();
        expect(field(view, 'lemonSqueezyApiKey')).toMatchObject({
          value: '••••',
          isSet: true,
          source: 'stored',
        });
        expect(JSON.stringify(view)).not.toContain(apiKey);
        // The default provider follows the key, as PAYMENTS_PROVIDER's default does.
        expect(field(view, 'paymentProvider').value).toBe('lemonsqueezy');

        expect(res.body).not.toContain('abcd');
        for (const kept of ['••••', '']) {
          expect((await put({ lemonSqueezyApiKey: kept })).statusCode).toBe(200);
          expect(
            t.app.secretBox.openFor(
              (await rawRow(t.app, 'lemonSqueezyApiKey'))!.value,
              apiUrlDestination,
            ),
          ).toBe(apiKey);
        }

        expect(
          (await put({ clear: ['lemonSqueezyApiKey', 'lemonSqueezyStoreId'] })).statusCode,
        ).toBe(200);
        expect(await rawRow(t.app, 'lemonSqueezyApiKey')).toBeUndefined();
        view = await get();
        expect(field(view, 'lemonSqueezyApiKey')).toMatchObject({ value: null, isSet: false });
        expect(field(view, 'paymentProvider').value).toBe('sandbox');
      });

      it('audits every save with before and after, secrets only masked', async () => {
        const secret = 'smtp-password-wxyz';
        expect((await put({ smtpUser: 'mailer', smtpPassword: secret })).statusCode).toBe(200);
        const [entry] = await auditEntries(t.app.database.db, {
          actionPrefix: 'integrations.update',
        });
        expect(entry).toMatchObject({
          actorEmail: TEST_ADMIN.email,
          targetType: 'integration_settings',
        });
        expect(entry!.detail).toMatchObject({
          fields: ['smtpUser', 'smtpPassword'],
          before: { smtpUser: null, smtpPassword: null },
          after: { smtpUser: 'mailer', smtpPassword: '••••' },
        });
        const raw = await t.app.database.db
          .selectFrom('audit_log')
          .select('detail')
          .where('id', '=', entry!.id)
          .executeTakeFirstOrThrow();
        expect(raw.detail).not.toContain(secret);
        await put({ clear: ['smtpUser', 'smtpPassword'] });
      });

      it('refuses bad values with a message per field, and writes nothing', async () => {
        const before = await get();
        const audits = (await auditEntries(t.app.database.db, { actionPrefix: 'integrations.' }))
          .length;
        const cases: [Record<string, unknown>, string, RegExp][] = [
          [{ publicUrl: 'ftp://example.com' }, 'publicUrl', /http:\/\/ or https:\/\//],
          [{ lemonSqueezyApiUrl: 'not a url' }, 'lemonSqueezyApiUrl', /http:\/\/ or https:\/\//],
          [{ smtpPort: 70000 }, 'smtpPort', /between 1 and 65535/],
          [{ smtpPort: 0 }, 'smtpPort', /between 1 and 65535/],
          [{ mailFrom: 'nobody' }, 'mailFrom', /e-mail address/],
          [{ lemonSqueezyStoreId: 'abc' }, 'lemonSqueezyStoreId', /number/],
          [{ paymentProvider: 'stripe' }, 'paymentProvider', /sandbox, lemonsqueezy or none/],
        ];
        for (const [payload, key, message] of cases) {
          // A valid field next to the bad one: nothing of the request may be stored.
          const res = await put({ ...payload, smtpHost: 'smtp.example.com' });
          expect(res.statusCode, key).toBe(400);
          expect(res.json().error.fields[key], key).toMatch(message);
        }
        expect(await get()).toEqual(before);
        expect(
          (await auditEntries(t.app.database.db, { actionPrefix: 'integrations.' })).length,
        ).toBe(audits);
        // Both forms of a from address are accepted.
        expect((await put({ mailFrom: 'Cutout <hello@example.com>' })).statusCode).toBe(200);
        expect((await put({ mailFrom: 'hello@example.com' })).statusCode).toBe(200);
        await put({ clear: ['mailFrom'] });
      });

      it('is for admins only', async () => {
        expect((await put({ publicUrl: 'https://evil.example' }, user.cookie)).statusCode).toBe(
          403,
        );
        expect((await t.app.inject({ url: api.settings })).statusCode).toBe(401);
      });

      it('uses a saved public URL at once: checkout addresses and mail links, no restart', async () => {
        expect((await put({ publicUrl: 'https://cutout.example.com/' })).statusCode).toBe(200);
        expect(field(await get(), 'publicUrl')).toMatchObject({
          value: 'https://cutout.example.com',
          source: 'stored',
        });
        const checkout = await t.app.inject({
          method: 'POST',
          url: '/api/checkouts',
          headers: { cookie: user.cookie },
          payload: { planId: 'credits-100' },
        });
        expect(checkout.statusCode).toBe(201);
        expect(checkout.json<{ url: string }>().url).toMatch(
          /^https:\/\/cutout\.example\.com\/api\/payments\/sandbox\/checkouts\//,
        );
        const mail = await t.app.inject({
          method: 'POST',
          url: api.testEmail,
          headers: { cookie: admin },
        });
        expect(mail.json()).toEqual({
          ok: true,
          message: integrationTexts.testEmailOutbox(TEST_ADMIN.email),
        });
        const [row] = (await listOutbox(t.app.database.db, TEST_ADMIN.email)).slice(-1);
        expect(row?.subject).toBe(integrationTexts.testEmailSubject);
        expect(row?.text).toContain('https://cutout.example.com');
        await put({ clear: ['publicUrl'] });
      });

      it('switches the payment provider and Turnstile without a restart', async () => {
        const plans = async () =>
          (await t.app.inject({ url: '/api/plans' })).json<{
            provider: string;
            testMode: boolean;
          }>();
        expect(await plans()).toMatchObject({ provider: 'sandbox', testMode: true });
        await put({ paymentProvider: 'none' });
        expect(await plans()).toMatchObject({ provider: 'none', testMode: false });
        const refused = await t.app.inject({
          method: 'POST',
          url: '/api/checkouts',
          headers: { cookie: user.cookie },
          payload: { planId: 'credits-100' },
        });
        expect(refused.statusCode).toBe(503);
        await put({ paymentProvider: '' });
        expect(await plans()).toMatchObject({ provider: 'sandbox' });

        const editor = async () =>
          (await t.app.inject({ url: '/api/editor/config' })).json<{
            turnstileSiteKey: string | null;
          }>();
        expect((await editor()).turnstileSiteKey).toBeNull();
        await put({ turnstileSiteKey: 'site-key-1', turnstileSecretKey: 'turnstile-secret-1' });
        expect((await editor()).turnstileSiteKey).toBe('site-key-1');
        const page = await t.app.inject({ url: '/api/editor/config' });
        expect(page.headers['content-security-policy']).toMatch(
          /frame-src https:\/\/challenges\.cloudflare\.com/,
        );
        await put({ clear: ['turnstileSiteKey', 'turnstileSecretKey'] });
        expect((await editor()).turnstileSiteKey).toBeNull();
      });

      it('sends the test e-mail through the saved SMTP server, and reports its real error', async () => {
        const port = Number(new URL(sink.url).port);
        expect(
          (await put({ smtpHost: '127.0.0.1', smtpPort: port, smtpSecure: false })).statusCode,
        ).toBe(200);
        expect((await get()).mailTransport).toBe('smtp');
        const res = await t.app.inject({
          method: 'POST',
          url: api.testEmail,
          headers: { cookie: admin },
        });
        expect(res.json()).toEqual({
          ok: true,
          message: integrationTexts.testEmailSent(TEST_ADMIN.email),
        });
        const received = await sink.next(TEST_ADMIN.email);
        expect(received.text).toContain(`Subject: ${integrationTexts.testEmailSubject}`);

        // A port nobody listens on: the transport's own error reaches the admin.
        const closed = createServer();
        await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
        const deadPort = (closed.address() as AddressInfo).port;
        await new Promise<void>((resolve) => closed.close(() => resolve()));
        await put({ smtpPort: deadPort });
        const failed = await t.app.inject({
          method: 'POST',
          url: api.testEmail,
          headers: { cookie: admin },
        });
        expect(failed.statusCode).toBe(200);
        expect(failed.json().ok).toBe(false);
        expect(failed.json().message).toMatch(
          /^The SMTP server refused the test e-mail: .*ECONNREFUSED/,
        );
        const [entry] = await auditEntries(t.app.database.db, {
          actionPrefix: 'integrations.test-email',
        });
        expect(entry?.detail).toMatchObject({ to: TEST_ADMIN.email, ok: false });
        await put({ clear: ['smtpHost', 'smtpPort', 'smtpSecure'] });
        expect((await get()).mailTransport).toBe('outbox');
      });

      it('binds the Lemon Squeezy key to its API URL: a new URL needs the key again, and a stored key never goes to another URL', async () => {
        const check = async () =>
          (
            await t.app.inject({
              method: 'POST',
              url: api.checkPaymentProvider,
              headers: { cookie: admin },
            })
          ).json<{ ok: boolean; message: string }>();
        const home = await startLemonSqueezyStub('live-key-7777');
        const elsewhere = await startLemonSqueezyStub('anything');
        try {
          expect(
            (
              await put({
                paymentProvider: 'lemonsqueezy',
                lemonSqueezyApiUrl: home.url,
                lemonSqueezyApiKey: 'live-key-7777',
                lemonSqueezyStoreId: '42',
                lemonSqueezyWebhookSecret: 'whsec-123456',
              })
            ).statusCode,
          ).toBe(200);
          expect((await check()).ok).toBe(true);

          // Only the URL changes: refused, the key named; nothing saved.
          const moved = await put({ lemonSqueezyApiUrl: elsewhere.url });
          expect(moved.statusCode).toBe(400);
          const reenter = integrationTexts.reenterSecret('Lemon Squeezy API key', ['API base URL']);
          expect(moved.json().error.fields).toEqual({ lemonSqueezyApiKey: reenter });
          expect(field(await get(), 'lemonSqueezyApiUrl').value).toBe(home.url);
          // Sending back the mask is not entering the key again.
          expect(
            (await put({ lemonSqueezyApiUrl: elsewhere.url, lemonSqueezyApiKey: '••••' }))
              .statusCode,
          ).toBe(400);
          expect((await check()).ok).toBe(true);

          // The URL changed behind the API's back (a hand edit, an older server): the key
          // does not open for it, is not used, and the page says why.
          await t.app.database.db
            .updateTable('integration_settings')
            .set({ value: JSON.stringify(elsewhere.url) })
            .where('key', '=', 'lemonSqueezyApiUrl')
            .execute();
          await t.app.integrations.load();
          expect((await check()).message).toBe(
            integrationTexts.providerMissing('Lemon Squeezy API key'),
          );
          expect(elsewhere.seen).toEqual([]);
          expect((await get()).problems).toEqual([
            `Lemon Squeezy API key: ${integrationTexts.secretForAnotherDestination(['API base URL'])}`,
          ]);

          // Entered again with the new URL: sealed for it, and used there.
          expect(
            (await put({ lemonSqueezyApiUrl: elsewhere.url, lemonSqueezyApiKey: 'anything' }))
              .statusCode,
          ).toBe(200);
          await check();
          expect(elsewhere.seen.at(-1)?.auth).toBe('Bearer anything');
          expect(home.seen.every((s) => s.auth === 'Bearer live-key-7777')).toBe(true);
        } finally {
          await home.close();
          await elsewhere.close();
          await put({
            clear: [
              'paymentProvider',
              'lemonSqueezyApiUrl',
              'lemonSqueezyApiKey',
              'lemonSqueezyStoreId',
              'lemonSqueezyWebhookSecret',
            ],
          });
        }
      });

      it('binds the SMTP password to host, port and TLS: changing any of them needs it again', async () => {
        expect(
          (
            await put({
              smtpHost: '127.0.0.1',
              smtpPort: 2525,
              smtpUser: 'mailer',
              smtpPassword: 'smtp-secret-1',
            })
          ).statusCode,
        ).toBe(200);
        const reenter = integrationTexts.reenterSecret('Password', [
          'SMTP host',
          'Port',
          'Use TLS from the start (port 465)',
        ]);
        for (const change of [
          { smtpHost: 'smtp.elsewhere.example' },
          { smtpPort: 2526 },
          { smtpSecure: true },
          { clear: ['smtpHost'] },
        ]) {
          const res = await put(change);
          expect(res.statusCode, JSON.stringify(change)).toBe(400);
          expect(res.json().error.fields).toEqual({ smtpPassword: reenter });
        }
        // Other fields save freely; the user name is not where the password goes.
        expect(
          (await put({ smtpUser: 'mailer2', mailFrom: 'Cutout <a@b.example>' })).statusCode,
        ).toBe(200);
        expect(
          (await put({ smtpHost: 'localhost', smtpPassword: 'smtp-secret-2' })).statusCode,
        ).toBe(200);
        expect((await get()).problems).toEqual([]);
        await put({ clear: ['smtpHost', 'smtpPort', 'smtpUser', 'smtpPassword', 'mailFrom'] });
      });

      it('never sends a stored SMTP password to a host or port it was not saved for', async () => {
        // Two SMTP servers on 127.0.0.1 that take AUTH and record every password offered.
        const home = await startAuthRecorder();
        const elsewhere = await startAuthRecorder();
        const testEmail = () =>
          t.app.inject({ method: 'POST', url: api.testEmail, headers: { cookie: admin } });
        try {
          expect(
            (
              await put({
                smtpHost: '127.0.0.1',
                smtpPort: home.port,
                smtpSecure: false,
                smtpUser: 'mailer',
                smtpPassword: 'smtp-secret-home',
              })
            ).statusCode,
          ).toBe(200);
          expect((await testEmail()).json().ok).toBe(true);
          // Where it was saved for, the password is used.
          expect(home.passwords).toEqual(['smtp-secret-home']);

          // Only the port changes, behind the API's back: the password does not open for it.
          await t.app.database.db
            .updateTable('integration_settings')
            .set({ value: JSON.stringify(elsewhere.port) })
            .where('key', '=', 'smtpPort')
            .execute();
          await t.app.integrations.load();
          expect((await get()).problems).toEqual([
            `Password: ${integrationTexts.secretForAnotherDestination([
              'SMTP host',
              'Port',
              'Use TLS from the start (port 465)',
            ])}`,
          ]);
          await testEmail();
          expect(elsewhere.passwords).not.toContain('smtp-secret-home');
          expect(home.passwords).toEqual(['smtp-secret-home']);
        } finally {
          await home.close();
          await elsewhere.close();
          await put({ clear: ['smtpHost', 'smtpPort', 'smtpSecure', 'smtpUser', 'smtpPassword'] });
        }
      });

      it('binds keys stored before destinations were bound to the destination in effect, at start', async () => {
        await t.app.database.db
          .insertInto('integration_settings')
          .values({
            key: 'lemonSqueezyApiKey',
            value: t.app.secretBox.seal('legacy-key-0001'),
            updated_by: null,
            updated_at: new Date().toISOString(),
          })
          .execute();
        expect(await t.app.integrations.bindLegacySecrets()).toBe(1);
        const stored = await rawRow(t.app, 'lemonSqueezyApiKey');
        expect(stored?.value).toMatch(/^v2\./);
        expect(t.app.secretBox.openFor(stored!.value, apiUrlDestination)).toBe('legacy-key-0001');
        expect(await t.app.integrations.bindLegacySecrets()).toBe(0);
        await put({ clear: ['lemonSqueezyApiKey'] });
      });

      it('checks Lemon Squeezy with a real authenticated call: ok, then 401 with a wrong key', async () => {
        const check = async () =>
          (
            await t.app.inject({
              method: 'POST',
              url: api.checkPaymentProvider,
              headers: { cookie: admin },
            })
          ).json<{ ok: boolean; message: string }>();
        expect(await check()).toEqual({ ok: true, message: integrationTexts.providerSandbox });

        const stub = await startLemonSqueezyStub('good-key-1234');
        try {
          await put({ paymentProvider: 'lemonsqueezy', lemonSqueezyApiUrl: stub.url });
          expect((await check()).message).toBe(
            integrationTexts.providerMissing(
              'Lemon Squeezy API key, Store id, Webhook signing secret',
            ),
          );
          await put({
            lemonSqueezyApiKey: 'good-key-1234',
            lemonSqueezyStoreId: '42',
            lemonSqueezyWebhookSecret: 'whsec-123456',
          });
          expect(await check()).toEqual({
            ok: true,
            message: integrationTexts.providerOk('Test store'),
          });
          expect(stub.seen.at(-1)).toEqual({ path: '/v1/stores/42', auth: 'Bearer good-key-1234' });

          await put({ lemonSqueezyApiKey: 'wrong-key-9999' });
          expect(await check()).toEqual({
            ok: false,
            message: integrationTexts.providerRefused(401, 'Unauthenticated.'),
          });
        } finally {
          await stub.close();
          await put({
            clear: [
              'paymentProvider',
              'lemonSqueezyApiUrl',
              'lemonSqueezyApiKey',
              'lemonSqueezyStoreId',
              'lemonSqueezyWebhookSecret',
            ],
          });
        }
        const unreachable = await startLemonSqueezyStub('k');
        const url = unreachable.url;
        await unreachable.close();
        await put({
          paymentProvider: 'lemonsqueezy',
          lemonSqueezyApiUrl: url,
          lemonSqueezyApiKey: 'some-key-0000',
          lemonSqueezyStoreId: '42',
          lemonSqueezyWebhookSecret: 'whsec-123456',
        });
        expect((await check()).message).toMatch(
          /^Lemon Squeezy could not be reached: .*ECONNREFUSED/,
        );
        await put({
          clear: [
            'paymentProvider',
            'lemonSqueezyApiUrl',
            'lemonSqueezyApiKey',
            'lemonSqueezyStoreId',
            'lemonSqueezyWebhookSecret',
          ],
        });
      });
    },
  );
}

describe('integration settings under environment variables', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createAccountsApp('sqlite', {
      env: {
        PUBLIC_URL: 'https://env.example.com/',
        SMTP_URL: 'smtp://envuser:env-password-1234@127.0.0.1:2525',
        TURNSTILE_SITE_KEY: 'env-site-key',
      },
    });
    admin = await adminCookie(t.app);
  });
  afterAll(() => t?.close());

  const view = async () =>
    (
      await t.app.inject({ url: api.settings, headers: { cookie: admin } })
    ).json<IntegrationsView>();

  it('shows env-set fields with their variable and source, secrets masked', async () => {
    const v = await view();
    expect(field(v, 'publicUrl')).toMatchObject({
      value: 'https://env.example.com',
      source: 'env',
      envVar: 'PUBLIC_URL',
    });
    expect(field(v, 'smtpHost')).toMatchObject({
      value: '127.0.0.1',
      source: 'env',
      envVar: 'SMTP_URL',
    });
    expect(field(v, 'smtpPort')).toMatchObject({ value: 2525, source: 'env' });
    expect(field(v, 'smtpUser')).toMatchObject({ value: 'envuser', source: 'env' });
    expect(field(v, 'smtpPassword')).toMatchObject({
      value: '••••',
      source: 'env',
      isSet: true,
    });
    expect(JSON.stringify(v)).not.toContain('env-password-1234');
    expect(field(v, 'turnstileSiteKey')).toMatchObject({ value: 'env-site-key', source: 'env' });
    expect(field(v, 'turnstileSecretKey')).toMatchObject({ source: 'default', isSet: false });
  });

  it('refuses to change an env-set field, naming the variable; other fields still save', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: api.settings,
      headers: { cookie: admin },
      payload: { publicUrl: 'https://other.example.com', smtpHost: 'smtp.other.example' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.publicUrl).toBe(
      integrationTexts.envLocked('Public URL', 'PUBLIC_URL'),
    );
    expect(res.json().error.fields.smtpHost).toMatch(/SMTP_URL/);

    const ok = await t.app.inject({
      method: 'PUT',
      url: api.settings,
      headers: { cookie: admin },
      // The env values sent back unchanged are not a change.
      payload: { publicUrl: 'https://env.example.com', turnstileSecretKey: 'stored-secret-5678' },
    });
    expect(ok.statusCode).toBe(200);
    const v = await view();
    expect(field(v, 'turnstileSecretKey')).toMatchObject({ source: 'stored', value: '••••' });
    expect(field(v, 'publicUrl').source).toBe('env');
    // Env site key + stored secret key: the bot check is on.
    const editor = await t.app.inject({ url: '/api/editor/config' });
    expect(editor.json().turnstileSiteKey).toBe('env-site-key');
  });

  it('the environment wins over a value stored before it was set', async () => {
    await t.app.database.db
      .insertInto('integration_settings')
      .values({
        key: 'publicUrl',
        value: JSON.stringify('https://stored.example.com'),
        updated_by: null,
        updated_at: new Date().toISOString(),
      })
      .execute();
    await t.app.integrations.load();
    expect(field(await view(), 'publicUrl')).toMatchObject({
      value: 'https://env.example.com',
      source: 'env',
    });
  });
});
