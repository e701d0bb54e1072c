import type { AddressInfo } from 'node:net';
import type { EnginePool } from '@cutout/engine';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asMultipart, createCutoutClient, type CutoutClient } from '@cutout/client';
import { signUp } from '../../test/accounts.js';
import { createProcessingApp, createTestEnginePool, photo } from '../../test/processing.js';
import type { TestApp } from '../../test/test-app.js';
import { createApiKey } from '../api-keys/api-keys.service.js';

// The generated client (packages/client) against a real server listening on 127.0.0.1 (u2netp
// engine): the calls a program makes, typed end to end.

let engine: EnginePool;
let t: TestApp;
let baseUrl: string;
let cutout: CutoutClient;
let image: Blob;

beforeAll(async () => {
  engine = createTestEnginePool();
  t = await createProcessingApp(engine);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const user = await signUp(t.app);
  const { key } = await createApiKey(t.app.database.db, user.id, 'client test');
  cutout = createCutoutClient({ baseUrl: `${baseUrl}/`, apiKey: key });
  image = new Blob([new Uint8Array((await photo()).file)], { type: 'image/jpeg' });
});

afterAll(async () => {
  await t?.close();
  await engine?.close();
});

describe('@cutout/client against a live server', () => {
  it('sends an image as multipart and gets the PNG with its headers', async () => {
    const { data, error, response } = await cutout.POST('/api/v1/remove-background', {
      body: { image_file: image, format: 'png', crop: false },
      bodySerializer: asMultipart,
      parseAs: 'blob',
    });
    expect(error).toBeUndefined();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('X-Credits-Charged')).toBe('1');
    // image/png is typed as a Blob; the JSON answer is the other member of the union.
    if (!(data instanceof Blob)) throw new Error('expected the image itself');
    const meta = await sharp(Buffer.from(await data.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['png', 480, 360, 4]);
  });

  it("answers JSON when asked, and remove.bg's path with its preview default", async () => {
    const json = await cutout.POST('/api/v1/remove-background', {
      body: { image_file: image, variant: 'all' },
      bodySerializer: asMultipart,
      headers: { Accept: 'application/json' },
    });
    expect(json.response.status).toBe(200);
    const body = json.data as { width: number; credits_charged: number; results: object };
    expect(body.width).toBe(480);
    expect(body.credits_charged).toBe(1);
    expect(Object.keys(body.results)).toEqual(['refined', 'white_bg', 'transparent_bg']);

    // A JSON body with base64, as remove.bg's clients send it; no size means a free preview.
    const b64 = Buffer.from(await image.arrayBuffer()).toString('base64');
    const removeBg = await cutout.POST('/v1.0/removebg', {
      body: { image_file_b64: b64 },
      parseAs: 'arrayBuffer',
    });
    expect(removeBg.response.status).toBe(200);
    expect(removeBg.response.headers.get('X-Credits-Charged')).toBe('0');
    expect(removeBg.response.headers.get('X-Type')).toBe('other');

    const account = await cutout.GET('/api/v1/account');
    expect(account.data?.credits).toBe(8);
    expect(account.data?.free_previews_left_this_month).toBe(49);
    const removeBgAccount = await cutout.GET('/v1.0/account');
    expect(removeBgAccount.data?.data.attributes.credits.total).toBe(8);
  });

  it('types the errors of both paths', async () => {
    const stranger = createCutoutClient({ baseUrl, apiKey: 'ck_not-a-key' });
    const v1 = await stranger.GET('/api/v1/account');
    expect(v1.response.status).toBe(401);
    expect(v1.error?.error.code).toBe('unauthorized');
    const removeBg = await stranger.POST('/v1.0/removebg', {
      body: { image_file: image },
      bodySerializer: asMultipart,
    });
    expect(removeBg.response.status).toBe(403);
    expect(removeBg.error?.errors[0]?.code).toBe('auth_failed');

    const unknownSize = await cutout.POST('/v1.0/removebg', {
      body: { image_file: image, size: 'huge' as 'auto' },
      bodySerializer: asMultipart,
    });
    expect(unknownSize.response.status).toBe(400);
    expect(unknownSize.error?.errors[0]).toMatchObject({ code: 'invalid_parameters' });
  });
});
