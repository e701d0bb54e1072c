import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  accountsApiPaths,
  apiKeyListSchema,
  apiKeyTexts,
  compositionTexts,
  createdApiKeySchema,
  jobSchema,
  jobsPageSchema,
  ownUsageSchema,
  publicAccountSchema,
  publicApiLimits,
  publicApiTexts,
  publicRemoveResponseSchema,
  removeBgAccountSchema,
  removeBgErrorTexts,
  removeBgResponseSchema,
} from '@cutout/contracts';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  creditsOf,
  onBothDialects,
  setCredits,
  signUp,
  type SignedUp,
} from '../../test/accounts.js';
import { createProcessingApp, multipart, photo, useTestEngine } from '../../test/processing.js';
import type { TestApp } from '../../test/test-app.js';

// The public API the way its callers use it: keys made in the settings page's routes, then
// plain HTTP with the key — our own fields and remove.bg's, multipart, JSON and URL-encoded —
// on a real engine (u2netp) and both databases. Every refusal is checked to cost nothing.

const shared = useTestEngine({ env: { URL_IMPORT_ALLOW_HOSTS: '127.0.0.1' } });
let imageServer: Server;
let imageBase: string;
/** Served at /big.png: a PNG over remove.bg's 12 MB, made by the test that needs it. */
let bigPng: Buffer | undefined;
beforeAll(async () => {
  imageServer = createServer((req, res) => {
    if (req.url === '/photo.jpg') {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      res.end(shared.picture.file);
      return;
    }
    if (req.url === '/big.png' && bigPng) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(bigPng);
      return;
    }
    res.writeHead(404);
    res.end();
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  imageServer?.closeAllConnections();
  await new Promise((resolve) => imageServer?.close(resolve));
});

const jpeg = () => ({ name: 'studio shot.jpg', type: 'image/jpeg', data: shared.picture.file });

const balance = (app: FastifyInstance, user: SignedUp) => creditsOf(app, user.cookie);

async function jobsOf(app: FastifyInstance, user: SignedUp) {
  return app.database.db
    .selectFrom('jobs')
    .select(['id', 'status', 'size'])
    .where('user_id', '=', user.id)
    .execute();
}

/** A key made the way the settings page makes one. */
async function newKey(app: FastifyInstance, user: SignedUp, name = 'laptop') {
  const res = await app.inject({
    method: 'POST',
    url: '/api/me/api-keys',
    headers: { cookie: user.cookie },
    payload: { name },
  });
  expect(res.statusCode).toBe(201);
  return createdApiKeySchema.parse(res.json());
}

function post(
  app: FastifyInstance,
  url: string,
  key: string,
  fields: Record<string, string>,
  options: {
    file?: ReturnType<typeof jpeg>;
    accept?: string;
    header?: 'bearer' | 'x-api-key';
  } = {},
) {
  const body = multipart(
    options.file ? { ...options.file, field: 'image_file' } : undefined,
    fields,
  );
  return app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: {
      ...body.headers,
      ...(options.header === 'x-api-key'
        ? { 'x-api-key': key }
        : { authorization: `Bearer ${key}` }),
      ...(options.accept ? { accept: options.accept } : {}),
    },
  });
}

onBothDialects(
  'public API',
  (get) => {
    it('a key is shown once, listed by name and prefix with its last use, and refused once revoked', async () => {
      const { app } = get();
      const user = await signUp(app);
      const created = await newKey(app, user, 'build server');
      expect(created.key).toMatch(/^ck_[\w-]{40,}$/);
      expect(created.key.startsWith(created.prefix)).toBe(true);

      const stored = await app.database.db
        .selectFrom('api_keys')
        .select(['key_hash'])
        .where('id', '=', created.id)
        .executeTakeFirstOrThrow();
      expect(stored.key_hash).not.toContain(created.key);

      const account = await app.inject({
        method: 'GET',
        url: '/api/v1/account',
        headers: { 'x-api-key': created.key },
      });
      expect(account.statusCode).toBe(200);
      expect(publicAccountSchema.parse(account.json())).toMatchObject({
        id: user.id,
        email: user.email,
        plan: 'free',
        credits: 10,
        images_this_month: 0,
        free_previews_left_this_month: publicApiLimits.freePreviewsPerMonth,
      });

      const list = await app.inject({
        method: 'GET',
        url: '/api/me/api-keys',
        headers: { cookie: user.cookie },
      });
      const { keys } = apiKeyListSchema.parse(list.json());
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatchObject({
        id: created.id,
        name: 'build server',
        prefix: created.prefix,
      });
      expect(keys[0]!.lastUsedAt).not.toBeNull();
      expect(list.body).not.toContain(created.key);

      // Someone else cannot revoke it; its owner can, and it stops working at once.
      const other = await signUp(app);
      const foreign = await app.inject({
        method: 'DELETE',
        url: `/api/me/api-keys/${created.id}`,
        headers: { cookie: other.cookie },
      });
      expect(foreign.statusCode).toBe(404);
      const revoked = await app.inject({
        method: 'DELETE',
        url: `/api/me/api-keys/${created.id}`,
        headers: { cookie: user.cookie },
      });
      expect(revoked.statusCode).toBe(204);
      for (const headers of [
        { authorization: `Bearer ${created.key}` },
        { 'x-api-key': created.key },
      ]) {
        const refused = await app.inject({ method: 'GET', url: '/api/v1/account', headers });
        expect(refused.statusCode).toBe(401);
        expect(refused.json().error.message).toBe(apiKeyTexts.invalidKey);
      }
      const empty = await app.inject({
        method: 'POST',
        url: '/api/me/api-keys',
        headers: { cookie: user.cookie },
        payload: { name: '   ' },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().error.message).toBe(apiKeyTexts.nameRequired);
    });

    it('answers with the PNG itself and its headers, or JSON for Accept: application/json, one credit each', async () => {
      const { app } = get();
      const user = await signUp(app);
      const { key } = await newKey(app, user);
      const before = await balance(app, user);

      const png = await post(app, '/api/v1/remove-background', key, {}, { file: jpeg() });
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['x-credits-charged']).toBe('1');
      expect(png.headers['x-width']).toBe('480');
      expect(png.headers['x-height']).toBe('360');
      expect(png.headers['x-ratelimit-limit']).toBe('100');
      expect(png.headers['x-ratelimit-remaining']).toBe('99');
      expect(Number(png.headers['x-ratelimit-reset'])).toBeGreaterThan(Date.now() / 1000);
      const meta = await sharp(png.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 480, 360, 4]);
      expect(await balance(app, user)).toBe(before - 1);
      // The default answer is the stored refined result itself, not a re-encoding of it.
      const stored = await app.inject({
        method: 'GET',
        url: `/api/v1/jobs/${png.headers['x-job-id'] as string}`,
        headers: { authorization: `Bearer ${key}` },
      });
      const refinedUrl = new URL(jobSchema.parse(stored.json()).result!.refined);
      const refinedFile = await app.inject({ url: `${refinedUrl.pathname}${refinedUrl.search}` });
      expect(refinedFile.rawPayload.equals(png.rawPayload)).toBe(true);

      const json = await post(
        app,
        '/api/v1/remove-background',
        key,
        {},
        {
          file: jpeg(),
          accept: 'application/json',
          header: 'x-api-key',
        },
      );
      expect(json.statusCode).toBe(200);
      const body = publicRemoveResponseSchema.parse(json.json());
      expect(body).toMatchObject({
        type: 'image/png',
        width: 480,
        height: 360,
        credits_charged: 1,
      });
      expect(body.credits_remaining).toBe(before - 2);
      const decoded = await sharp(Buffer.from(body.result_b64!, 'base64')).metadata();
      expect([decoded.format, decoded.channels]).toEqual(['png', 4]);
      // The signed addresses work without the key (hand them to another program).
      const refined = new URL(body.results.refined);
      const file = await app.inject({ method: 'GET', url: `${refined.pathname}${refined.search}` });
      expect(file.statusCode).toBe(200);

      // variant=all: the three addresses, no image.
      const all = await post(
        app,
        '/api/v1/remove-background',
        key,
        { variant: 'all' },
        {
          file: jpeg(),
          accept: 'application/json',
        },
      );
      expect(all.statusCode).toBe(200);
      expect(all.json().result_b64).toBeUndefined();
      expect(Object.keys(all.json().results)).toEqual(['refined', 'white_bg', 'transparent_bg']);
      expect(await balance(app, user)).toBe(before - 3);
    });

    it('renders the requested format, channels, colour, crop, variant and size', async () => {
      const { app } = get();
      const user = await signUp(app);
      const { key } = await newKey(app, user);
      const run = async (fields: Record<string, string>) => {
        const res = await post(app, '/api/v1/remove-background', key, fields, { file: jpeg() });
        expect(res.statusCode, JSON.stringify(fields)).toBe(200);
        const meta = await sharp(res.rawPayload).metadata();
        return { res, meta };
      };

      const webp = await run({ format: 'webp' });
      expect(webp.res.headers['content-type']).toBe('image/webp');
      expect([webp.meta.format, webp.meta.hasAlpha]).toEqual(['webp', true]);

      // A colour name, and format=auto becomes JPEG once the background is filled.
      const red = await run({ bg_color: 'red' });
      expect(red.res.headers['content-type']).toBe('image/jpeg');
      const corner = await sharp(red.res.rawPayload)
        .extract({ left: 0, top: 0, width: 1, height: 1 })
        .raw()
        .toBuffer();
      expect(corner[0]).toBeGreaterThan(230);
      expect(corner[1]).toBeLessThan(30);

      const mask = await run({ channels: 'alpha' });
      expect(mask.meta.channels).toBe(1);

      const cropped = await run({ crop: 'true', crop_margin: '10px' });
      expect(Number(cropped.res.headers['x-width'])).toBeLessThan(480);
      expect(cropped.meta.width).toBe(Number(cropped.res.headers['x-width']));
      expect(cropped.meta.height).toBe(Number(cropped.res.headers['x-height']));

      const white = await run({ variant: 'white_bg', format: 'png' });
      expect(white.res.headers['content-type']).toBe('image/png');
      expect(white.meta.hasAlpha).toBe(false);

      // remove.bg's zip: the colours as JPEG and the mask as PNG, stored uncompressed.
      const zip = await post(
        app,
        '/api/v1/remove-background',
        key,
        { format: 'zip' },
        { file: jpeg() },
      );
      expect(zip.statusCode).toBe(200);
      expect(zip.headers['content-type']).toBe('application/zip');
      const bytes = zip.rawPayload;
      expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
      expect(bytes.includes('color.jpg')).toBe(true);
      expect(bytes.includes('alpha.png')).toBe(true);
      const jpegStart = bytes.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
      const jpegMeta = await sharp(bytes.subarray(jpegStart)).metadata();
      expect([jpegMeta.format, jpegMeta.width]).toEqual(['jpeg', 480]);
    });

    it('size=preview is free, at most 0.25 megapixels, and keeps the stored results that small', async () => {
      const { app } = get();
      const user = await signUp(app);
      const { key } = await newKey(app, user);
      const before = await balance(app, user);
      const big = await photo(1200, 900, 5);
      const res = await post(
        app,
        '/api/v1/remove-background',
        key,
        { size: 'preview' },
        {
          file: { name: 'big.jpg', type: 'image/jpeg', data: big.file },
        },
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-credits-charged']).toBe('0');
      const width = Number(res.headers['x-width']);
      const height = Number(res.headers['x-height']);
      expect(width * height).toBeLessThanOrEqual(250_000);
      expect(width / height).toBeCloseTo(4 / 3, 1);
      expect(await balance(app, user)).toBe(before);
      // The stored results are the preview too: the free size gives nothing bigger away.
      const job = await app.inject({
        method: 'GET',
        url: `/api/v1/jobs/${res.headers['x-job-id'] as string}`,
        headers: { authorization: `Bearer ${key}` },
      });
      const stored = jobSchema.parse(job.json());
      const file = new URL(stored.result!.refined);
      const image = await app.inject({ method: 'GET', url: `${file.pathname}${file.search}` });
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.width * meta.height).toBeLessThanOrEqual(250_000);
      // The dashboard's figure counts it: one of the month's free previews is used.
      const usage = await app.inject({
        method: 'GET',
        url: accountsApiPaths.usage,
        headers: { cookie: user.cookie },
      });
      expect(ownUsageSchema.parse(usage.json()).free_previews_left_this_month).toBe(
        publicApiLimits.freePreviewsPerMonth - 1,
      );

      // With no credits a preview still works; a full-size image does not.
      await setCredits(app, user.id, 0);
      const free = await post(
        app,
        '/api/v1/remove-background',
        key,
        { size: 'preview' },
        { file: jpeg() },
      );
      expect(free.statusCode).toBe(200);
      const paid = await post(
        app,
        '/api/v1/remove-background',
        key,
        { size: 'full' },
        { file: jpeg() },
      );
      expect(paid.statusCode).toBe(402);
    });

    it('works as a drop-in for remove.bg callers: its path, every field present, its answers and error shape', async () => {
      const { app } = get();
      const user = await signUp(app);
      const { key } = await newKey(app, user);
      const before = await balance(app, user);

      // A multipart form with every remove.bg field, the optional ones empty or at their default.
      const everyField = {
        size: 'auto',
        type: 'auto',
        type_level: '',
        format: 'auto',
        roi: '0% 0% 100% 100%',
        crop: 'false',
        crop_margin: '0',
        scale: 'original',
        position: 'original',
        channels: 'rgba',
        add_shadow: 'false',
        semitransparency: 'true',
        bg_color: '',
        bg_image_url: '',
        image_url: '',
        image_file_b64: '',
      };
      const form = await post(app, '/v1.0/removebg', key, everyField, {
        file: jpeg(),
        header: 'x-api-key',
      });
      expect(form.statusCode).toBe(200);
      expect(form.headers['content-type']).toBe('image/png');
      expect(form.headers['x-type']).toBe('other');
      expect(form.headers['x-width']).toBe('480');
      expect(form.headers['x-credits-charged']).toBe('1');
      expect(form.headers['x-ignored-parameters']).toBeUndefined();

      // A JSON body with base64, asking for JSON, with fields Cutout cannot honour.
      const json = await app.inject({
        method: 'POST',
        url: '/v1.0/removebg',
        headers: { 'x-api-key': key, accept: 'application/json' },
        payload: {
          image_file_b64: shared.picture.file.toString('base64'),
          image_url: null,
          size: 'full',
          type: 'product',
          format: 'png',
          roi: '10% 10% 90% 90%',
          crop: true,
          crop_margin: '5%',
          scale: '50%',
          position: 'center',
          channels: 'rgba',
          add_shadow: true,
          semitransparency: true,
          bg_color: '',
          bg_image_url: '',
        },
      });
      expect(json.statusCode).toBe(200);
      expect(json.headers['x-ignored-parameters']).toBe('type');
      const body = removeBgResponseSchema.parse(json.json());
      const meta = await sharp(Buffer.from(body.data.result_b64, 'base64')).metadata();
      expect(meta.width).toBe(Number(json.headers['x-width']));
      expect(body.data.foreground_width).toBeLessThanOrEqual(meta.width);

      // image_url, URL-encoded as a form without files.
      const byUrl = await app.inject({
        method: 'POST',
        url: '/v1.0/removebg',
        headers: { 'x-api-key': key, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          image_url: `${imageBase}/photo.jpg`,
          size: 'auto',
        }).toString(),
      });
      expect(byUrl.statusCode).toBe(200);
      expect(byUrl.headers['content-type']).toBe('image/png');
      expect(await balance(app, user)).toBe(before - 3);

      const account = await app.inject({
        method: 'GET',
        url: '/v1.0/account',
        headers: { 'x-api-key': key },
      });
      expect(removeBgAccountSchema.parse(account.json()).data.attributes.credits.total).toBe(
        before - 3,
      );

      // remove.bg's error shape: { errors: [{ title, code, detail }] }.
      const missing = await post(app, '/v1.0/removebg', key, { size: 'auto' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toEqual({
        errors: [
          {
            title: removeBgErrorTexts.missingSource,
            code: 'missing_source',
            detail: publicApiTexts.noImage,
          },
        ],
      });
      await setCredits(app, user.id, 0);
      const broke = await post(app, '/v1.0/removebg', key, { size: 'full' }, { file: jpeg() });
      expect(broke.statusCode).toBe(402);
      expect(broke.json().errors[0]).toMatchObject({
        code: 'insufficient_credits',
        title: removeBgErrorTexts.insufficientCredits,
      });
    });

    it('refuses bad input with 400, 401 and 402 and never charges for it', async () => {
      const { app } = get();
      const user = await signUp(app);
      const { key, id } = await newKey(app, user);
      const before = await balance(app, user);
      const url = '/api/v1/remove-background';

      const size = await post(app, url, key, { size: 'huge' }, { file: jpeg() });
      expect(size.statusCode).toBe(400);
      expect(size.json().error.message).toBe(
        'Unknown value "huge" for size. Allowed values: auto, preview, small, regular, medium, hd, full, 4k, 50MP.',
      );
      const format = await post(app, url, key, { format: 'gif' }, { file: jpeg() });
      expect(format.json().error.message).toMatch(
        /for format\. Allowed values: auto, png, jpg, webp, zip\./,
      );
      const channels = await post(app, url, key, { channels: 'rgb' }, { file: jpeg() });
      expect(channels.json().error.message).toMatch(/for channels\. Allowed values: rgba, alpha\./);
      const variant = await post(app, url, key, { variant: 'black_bg' }, { file: jpeg() });
      expect(variant.json().error.message).toMatch(
        /for variant\. Allowed values: refined, white_bg, transparent_bg, all\./,
      );
      const colour = await post(app, url, key, { bg_color: 'not-a-colour' }, { file: jpeg() });
      expect(colour.statusCode).toBe(400);
      expect(colour.json().error.message).toMatch(/^bg_color "not-a-colour" is not a colour/);
      const margin = await post(
        app,
        url,
        key,
        { crop: 'true', crop_margin: '90%' },
        { file: jpeg() },
      );
      expect(margin.json().error.message).toBe(compositionTexts.badCropMargin);

      const two = await post(
        app,
        url,
        key,
        { image_url: `${imageBase}/photo.jpg` },
        { file: jpeg() },
      );
      expect(two.statusCode).toBe(400);
      expect(two.json().error.message).toBe(publicApiTexts.twoImages);
      const none = await post(app, url, key, { size: 'full' });
      expect(none.statusCode).toBe(400);
      expect(none.json().error.message).toBe(publicApiTexts.noImage);
      const badB64 = await app.inject({
        method: 'POST',
        url,
        headers: { authorization: `Bearer ${key}` },
        payload: { image_file_b64: 'not base64 at all!' },
      });
      expect(badB64.statusCode).toBe(400);

      const unknown = await post(app, url, 'ck_unknown-key', {}, { file: jpeg() });
      expect(unknown.statusCode).toBe(401);
      const anonymous = await app.inject({ method: 'POST', url, payload: {} });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json().error.message).toBe(apiKeyTexts.missingKey);

      expect(await balance(app, user)).toBe(before);
      expect(await jobsOf(app, user)).toEqual([]);

      await setCredits(app, user.id, 0);
      const broke = await post(app, url, key, {}, { file: jpeg() });
      expect(broke.statusCode).toBe(402);
      expect(await jobsOf(app, user)).toEqual([]);

      await app.inject({
        method: 'DELETE',
        url: `/api/me/api-keys/${id}`,
        headers: { cookie: user.cookie },
      });
      const revoked = await post(app, url, key, {}, { file: jpeg() });
      expect(revoked.statusCode).toBe(401);
      expect(await jobsOf(app, user)).toEqual([]);
    });

    it('takes API keys only on /v1.0 and /api/v1: a session cookie alone gets 401 and spends nothing', async () => {
      const { app } = get();
      const user = await signUp(app);
      const before = await balance(app, user);
      // What a page on another site can make a signed-in visitor's browser send: a form,
      // auto-submitted, carrying the session cookie (multipart with a file, or URL-encoded).
      // /v1.0 has no Origin check (remove.bg's callers are programs); /api/v1 has one, and
      // without an Origin (a same-site page, a program holding the cookie) the cookie is refused too.
      const form = multipart({ ...jpeg(), field: 'image_file' }, { size: 'full' });
      for (const url of ['/v1.0/removebg', '/api/v1/remove-background']) {
        for (const origin of [{ origin: 'https://evil.example' }, {}]) {
          const headers = { cookie: user.cookie, ...origin };
          const upload = await app.inject({
            method: 'POST',
            url,
            payload: form.payload,
            headers: { ...form.headers, ...headers },
          });
          const encoded = await app.inject({
            method: 'POST',
            url,
            payload: new URLSearchParams({ image_url: `${imageBase}/photo.jpg` }).toString(),
            headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
          });
          // Cutout's own CSRF check answers a foreign Origin on /api/v1 first.
          const status = url.startsWith('/api/') && 'origin' in origin ? 403 : 401;
          expect(
            [upload.statusCode, encoded.statusCode],
            `${url} ${JSON.stringify(origin)}`,
          ).toEqual([status, status]);
        }
      }
      const refused = await app.inject({
        method: 'POST',
        url: '/v1.0/removebg',
        payload: form.payload,
        headers: { ...form.headers, cookie: user.cookie },
      });
      expect(refused.json()).toEqual({
        errors: [
          {
            title: removeBgErrorTexts.authMissing,
            code: 'auth_failed',
            detail: apiKeyTexts.missingKey,
          },
        ],
      });
      for (const url of [
        '/v1.0/account',
        '/api/v1/account',
        '/api/v1/user/usage',
        '/api/v1/jobs',
      ]) {
        const res = await app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
        expect(res.statusCode, url).toBe(401);
      }
      expect(await balance(app, user)).toBe(before);
      expect(await jobsOf(app, user)).toEqual([]);

      // The dashboard reads its figures from its own session route.
      const usage = await app.inject({
        method: 'GET',
        url: accountsApiPaths.usage,
        headers: { cookie: user.cookie },
      });
      expect(usage.statusCode).toBe(200);
      expect(ownUsageSchema.parse(usage.json())).toEqual({
        credits: before,
        images_processed: 0,
        images_processed_this_month: 0,
        free_previews_left_this_month: publicApiLimits.freePreviewsPerMonth,
      });
      // A key still works, cookie or not.
      const { key } = await newKey(app, user);
      const withKey = await post(app, '/v1.0/removebg', key, {}, { file: jpeg() });
      expect(withKey.statusCode).toBe(200);
    });

    it("follows remove.bg's OpenAPI on /v1.0: no size is a free preview, a bad key 403, file errors 400 with its codes", async () => {
      const { app } = get();
      const user = await signUp(app);
      const { key } = await newKey(app, user);
      const before = await balance(app, user);
      const big = await photo(1200, 900, 5);
      const bigJpeg = { name: 'big.jpg', type: 'image/jpeg', data: big.file };

      // remove.bg's default size is preview: 0.25 megapixels, free here.
      const noSize = await post(app, '/v1.0/removebg', key, {}, { file: bigJpeg });
      expect(noSize.statusCode).toBe(200);
      expect(noSize.headers['x-credits-charged']).toBe('0');
      expect(
        Number(noSize.headers['x-width']) * Number(noSize.headers['x-height']),
      ).toBeLessThanOrEqual(250_000);
      const emptySize = await app.inject({
        method: 'POST',
        url: '/v1.0/removebg',
        headers: { 'x-api-key': key, accept: 'application/json' },
        payload: { image_file_b64: big.file.toString('base64'), size: '' },
      });
      expect(emptySize.statusCode).toBe(200);
      expect(emptySize.headers['x-credits-charged']).toBe('0');
      // Cutout's own path keeps its default: the full image, one credit.
      const own = await post(app, '/api/v1/remove-background', key, {}, { file: bigJpeg });
      expect([own.headers['x-credits-charged'], own.headers['x-width']]).toEqual(['1', '1200']);
      expect(await balance(app, user)).toBe(before - 1);

      // A key it does not know: 403 auth_failed (Cutout's own path: 401).
      const badKey = await post(app, '/v1.0/removebg', 'ck_wrong', {}, { file: jpeg() });
      expect(badKey.statusCode).toBe(403);
      expect(badKey.json()).toEqual({
        errors: [
          {
            title: removeBgErrorTexts.authInvalid,
            code: 'auth_failed',
            detail: apiKeyTexts.invalidKey,
          },
        ],
      });
      const badAccountKey = await app.inject({
        method: 'GET',
        url: '/v1.0/account',
        headers: { 'x-api-key': 'ck_wrong' },
      });
      expect(badAccountKey.statusCode).toBe(403);
      expect((await post(app, '/api/v1/remove-background', 'ck_wrong', {})).statusCode).toBe(401);

      // Not an image, and an image that cannot be read: 400 with remove.bg's codes here,
      // 415 and 422 on Cutout's own path.
      const text = { name: 'notes.jpg', type: 'image/jpeg', data: Buffer.from('just some text') };
      const broken = {
        name: 'broken.png',
        type: 'image/png',
        data: Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), randomBytes(2000)]),
      };
      const wrongType = await post(app, '/v1.0/removebg', key, {}, { file: text });
      expect(wrongType.statusCode).toBe(400);
      expect(wrongType.json().errors[0]).toMatchObject({
        code: 'invalid_file_type',
        title: removeBgErrorTexts.invalidFileType,
      });
      expect(wrongType.json().errors[0].detail).toBeTruthy();
      const unreadable = await post(app, '/v1.0/removebg', key, {}, { file: broken });
      expect(unreadable.statusCode).toBe(400);
      expect(unreadable.json().errors[0]).toMatchObject({
        code: 'failed_to_read_image',
        title: removeBgErrorTexts.failedToRead,
      });
      // Too many pixels (a side over 12,000): remove.bg's resolution_too_high; 413 on /api/v1.
      const wide = {
        name: 'wide.png',
        type: 'image/png',
        data: await sharp({
          create: { width: 13_000, height: 1000, channels: 3, background: '#4080c0' },
        })
          .png()
          .toBuffer(),
      };
      const tooWide = await post(app, '/v1.0/removebg', key, {}, { file: wide });
      expect(tooWide.statusCode).toBe(400);
      expect(tooWide.json().errors[0]).toMatchObject({
        code: 'resolution_too_high',
        title: removeBgErrorTexts.resolutionTooHigh,
      });
      expect(tooWide.json().errors[0].detail).toMatch(/12,000 pixels/);
      expect(
        (await post(app, '/api/v1/remove-background', key, {}, { file: wide })).statusCode,
      ).toBe(413);
      const own415 = await post(app, '/api/v1/remove-background', key, {}, { file: text });
      expect(own415.statusCode).toBe(415);
      const own422 = await post(app, '/api/v1/remove-background', key, {}, { file: broken });
      expect(own422.statusCode).toBe(422);
      expect(await balance(app, user)).toBe(before - 1);
    });

    it('accepts files up to 12 MB on /v1.0 (10 MB on /api/v1) and answers file_too_large past it', async () => {
      const { app } = get();
      const user = await signUp(app);
      const { key } = await newKey(app, user);
      const before = await balance(app, user);
      // Noise stored without compression: the file is as large as its pixels.
      const noise = (width: number, height: number) =>
        sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
          .png({ compressionLevel: 0 })
          .toBuffer();
      const eleven = await noise(2000, 1900);
      const thirteen = await noise(2400, 1800);
      expect(eleven.byteLength).toBeGreaterThan(10_485_760);
      expect(eleven.byteLength).toBeLessThan(publicApiLimits.removeBgMaxUploadBytes);
      expect(thirteen.byteLength).toBeGreaterThan(publicApiLimits.removeBgMaxUploadBytes);
      const file = (data: Buffer) => ({ name: 'noise.png', type: 'image/png', data });

      const accepted = await post(app, '/v1.0/removebg', key, {}, { file: file(eleven) });
      expect(accepted.statusCode).toBe(200);
      const ownLimit = await post(
        app,
        '/api/v1/remove-background',
        key,
        {},
        { file: file(eleven) },
      );
      expect(ownLimit.statusCode).toBe(413);

      const fileTooLarge = {
        errors: [
          {
            title: removeBgErrorTexts.fileTooLarge,
            code: 'file_too_large',
            detail: removeBgErrorTexts.fileTooLargeDetail,
          },
        ],
      };
      const tooLarge = await post(app, '/v1.0/removebg', key, {}, { file: file(thirteen) });
      expect(tooLarge.statusCode).toBe(400);
      expect(tooLarge.json()).toEqual(fileTooLarge);
      // As base64 in JSON: the decoded file is over the limit, the body is within its own.
      const b64 = await app.inject({
        method: 'POST',
        url: '/v1.0/removebg',
        headers: { 'x-api-key': key },
        payload: { image_file_b64: thirteen.toString('base64') },
      });
      expect(b64.statusCode).toBe(400);
      expect(b64.json()).toEqual(fileTooLarge);
      // A body larger than any 12 MB image as base64.
      const huge = await app.inject({
        method: 'POST',
        url: '/v1.0/removebg',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        payload: JSON.stringify({ image_file_b64: 'A'.repeat(18 * 1024 * 1024) }),
      });
      expect(huge.statusCode).toBe(400);
      expect(huge.json()).toEqual(fileTooLarge);
      // As an address in a URL-encoded form (the Ruby and PHP clients' shape).
      bigPng = thirteen;
      const byUrl = await app.inject({
        method: 'POST',
        url: '/v1.0/removebg',
        headers: { 'x-api-key': key, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ image_url: `${imageBase}/big.png` }).toString(),
      });
      expect(byUrl.statusCode).toBe(400);
      expect(byUrl.json()).toEqual(fileTooLarge);
      expect(await balance(app, user)).toBe(before);
    });

    it('counts free previews per account: a second key does not bring new ones', async () => {
      const { app } = get();
      const user = await signUp(app);
      const first = await newKey(app, user, 'first');
      const second = await newKey(app, user, 'second');
      // 49 previews already made this month (as rows: running 49 would only slow the test).
      const now = new Date().toISOString();
      await app.database.db
        .insertInto('jobs')
        .values(
          Array.from({ length: publicApiLimits.freePreviewsPerMonth - 1 }, (_, i) => ({
            id: `earlier-preview-${user.id}-${i}`,
            user_id: user.id,
            status: 'completed' as const,
            stage: 'done' as const,
            progress: 100,
            source: 'upload' as const,
            original_name: 'earlier.jpg',
            content_type: 'image/jpeg',
            input_bytes: 1000,
            width: 480,
            height: 360,
            error_code: null,
            error_message: null,
            timings: null,
            via: 'api' as const,
            created_at: now,
            started_at: now,
            finished_at: now,
            expires_at: now,
            purged_at: null,
            size: 'preview' as const,
          })),
        )
        .execute();
      const last = await post(app, '/v1.0/removebg', first.key, {}, { file: jpeg() });
      expect(last.statusCode).toBe(200);
      expect(last.headers['x-credits-charged']).toBe('0');
      const again = await post(app, '/v1.0/removebg', second.key, {}, { file: jpeg() });
      expect(again.statusCode).toBe(402);
      expect(again.json().errors[0].detail).toBe(publicApiTexts.previewsUsedUp);
      for (const { key } of [first, second]) {
        const account = await app.inject({
          method: 'GET',
          url: '/v1.0/account',
          headers: { 'x-api-key': key },
        });
        expect(removeBgAccountSchema.parse(account.json()).data.attributes.api.free_calls).toBe(0);
      }
    });

    it("lists the caller's own jobs, newest first, page by page, and shows one to its owner only", async () => {
      const { app } = get();
      const user = await signUp(app);
      const { key } = await newKey(app, user);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await post(app, '/api/v1/remove-background', key, {}, { file: jpeg() });
        ids.push(res.headers['x-job-id'] as string);
      }
      const page = await app.inject({
        method: 'GET',
        url: '/api/v1/jobs?per_page=2&page=1',
        headers: { authorization: `Bearer ${key}` },
      });
      const first = jobsPageSchema.parse(page.json());
      expect(first.total).toBe(3);
      expect(first.jobs.map((j) => j.id)).toEqual([ids[2], ids[1]]);
      expect(first.jobs[0]!.result!.refined).toMatch(/^http.*sig=/);
      const second = jobsPageSchema.parse(
        (
          await app.inject({
            method: 'GET',
            url: '/api/v1/jobs?per_page=2&page=2',
            headers: { authorization: `Bearer ${key}` },
          })
        ).json(),
      );
      expect(second.jobs.map((j) => j.id)).toEqual([ids[0]]);

      const other = await signUp(app);
      const otherKey = await newKey(app, other);
      const foreign = await app.inject({
        method: 'GET',
        url: `/api/v1/jobs/${ids[0]}`,
        headers: { authorization: `Bearer ${otherKey.key}` },
      });
      expect(foreign.statusCode).toBe(404);
      const own = await app.inject({
        method: 'GET',
        url: `/api/v1/jobs/${ids[0]}`,
        headers: { authorization: `Bearer ${key}` },
      });
      expect(jobSchema.parse(own.json()).status).toBe('completed');
      const otherList = await app.inject({
        method: 'GET',
        url: '/api/v1/jobs',
        headers: { 'x-api-key': otherKey.key },
      });
      expect(otherList.json().total).toBe(0);
    });

    it('lets the signed-in user change their name and account type', async () => {
      const { app } = get();
      const user = await signUp(app);
      const res = await app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie: user.cookie },
        payload: { name: 'Grace Hopper', accountType: 'business' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ name: 'Grace Hopper', accountType: 'business' });
      const short = await app.inject({
        method: 'PATCH',
        url: '/api/me',
        headers: { cookie: user.cookie },
        payload: { name: 'G' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.message).toBe('Name must be at least 2 characters');
    });
  },
  shared.appOptions,
);

describe('public API rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createProcessingApp(shared.engine, { API_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 429 with Retry-After and the X-RateLimit headers past the limit, charging nothing', async () => {
    const user = await signUp(t.app);
    const { key } = await newKey(t.app, user);
    const other = await newKey(t.app, user, 'second key');
    const before = await balance(t.app, user);
    const first = await post(
      t.app,
      '/api/v1/remove-background',
      key,
      { size: 'huge' },
      { file: jpeg() },
    );
    expect(first.headers['x-ratelimit-remaining']).toBe('1');
    const second = await post(t.app, '/api/v1/remove-background', key, {}, { file: jpeg() });
    expect(second.statusCode).toBe(200);
    expect(second.headers['x-ratelimit-remaining']).toBe('0');
    const third = await post(t.app, '/v1.0/removebg', key, {}, { file: jpeg() });
    expect(third.statusCode).toBe(429);
    expect(third.headers['x-ratelimit-limit']).toBe('2');
    expect(third.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(third.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(third.json().errors[0].code).toBe('rate_limit_exceeded');
    // Per account: the account's other key shares the allowance (an account with many keys
    // gets no more than one key's), while another account keeps its own.
    const sameAccount = await post(
      t.app,
      '/api/v1/remove-background',
      other.key,
      { size: 'huge' },
      { file: jpeg() },
    );
    expect(sameAccount.statusCode).toBe(429);
    expect(sameAccount.json().error.message).toMatch(/2 calls a minute per account/);
    const stranger = await signUp(t.app);
    const strangerKey = await newKey(t.app, stranger);
    const fresh = await post(
      t.app,
      '/api/v1/remove-background',
      strangerKey.key,
      { size: 'huge' },
      { file: jpeg() },
    );
    expect(fresh.statusCode).toBe(400);
    expect(fresh.headers['x-ratelimit-remaining']).toBe('1');
    expect(await balance(t.app, user)).toBe(before - 1);
  });
});
