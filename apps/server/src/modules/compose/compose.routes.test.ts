import { compositionApiPaths, compositionTexts, editorTexts, limits } from '@cutout/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditsOf, signUp, type SignedUp } from '../../test/accounts.js';
import { multipart, pixels, removeBackground, useProcessingApp } from '../../test/processing.js';
import { createApiKey } from '../api-keys/api-keys.service.js';

// The editor's export: a finished job composed again at full size on a background, through the
// same engine composition as the public API (the same pixels), charging nothing.

const processing = useProcessingApp();
let user: SignedUp;
let jobId: string;
let blue: Buffer;

beforeAll(async () => {
  blue = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  user = await signUp(processing.app);
  jobId = await removeBackground(processing.app, user.cookie, {
    name: 'shop shot.jpg',
    type: 'image/jpeg',
    data: processing.picture.file,
  });
});

const credits = () => creditsOf(processing.app, user.cookie);

function exportJson(payload: Record<string, unknown>, cookie = user.cookie, id = jobId) {
  return processing.app.inject({
    method: 'POST',
    url: compositionApiPaths.compose(id),
    payload,
    headers: cookie ? { cookie } : {},
  });
}

describe('POST /api/jobs/{id}/compose', () => {
  it('exports on a colour at full size, as JPG, PNG or WebP, charging nothing', async () => {
    const before = await credits();
    const jpg = await exportJson({ bg_color: '#00ff00', format: 'jpg' });
    expect(jpg.statusCode, jpg.body).toBe(200);
    expect(jpg.headers['content-type']).toBe('image/jpeg');
    expect(jpg.headers['content-disposition']).toContain('shop shot_background.jpg');
    expect(jpg.headers['x-credits-charged']).toBe('0');
    const image = await pixels(jpg.rawPayload);
    expect([image.width, image.height]).toEqual([480, 360]);
    const [r, g, b] = image.at(0, 0);
    expect([r! < 20, g! > 235, b! < 20]).toEqual([true, true, true]);

    const webp = await exportJson({ format: 'webp' });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect((await sharp(webp.rawPayload).metadata()).hasAlpha).toBe(true);
    expect(await credits()).toBe(before);
  });

  it('gives the same pixels as the public API for the same fields', async () => {
    const exported = await exportJson({ bg_color: '#336699', add_shadow: true, format: 'png' });
    const { key } = await createApiKey(processing.app.database.db, user.id, 'same pixels');
    const body = multipart(
      {
        name: 'shop shot.jpg',
        type: 'image/jpeg',
        data: processing.picture.file,
        field: 'image_file',
      },
      { bg_color: '336699', add_shadow: 'true', format: 'png' },
    );
    const api = await processing.app.inject({
      method: 'POST',
      url: '/api/v1/remove-background',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${key}` },
    });
    expect(api.statusCode, api.body).toBe(200);
    const a = await pixels(exported.rawPayload);
    const b = await pixels(api.rawPayload);
    expect(a.width).toBe(b.width);
    expect(a.data.equals(b.data)).toBe(true);
  });

  it('takes an uploaded background image (cover or contain), the blurred original and a shadow', async () => {
    const form = multipart(
      { name: 'wall.png', type: 'image/png', data: blue, field: 'bg_image_file' },
      { add_shadow: 'true', format: 'png' },
    );
    const cover = await processing.app.inject({
      method: 'POST',
      url: compositionApiPaths.compose(jobId),
      payload: form.payload,
      headers: { ...form.headers, cookie: user.cookie },
    });
    expect(cover.statusCode, cover.body).toBe(200);
    const covered = await pixels(cover.rawPayload);
    expect(covered.at(479, 359)).toEqual([0, 0, 255, 255]);

    const containForm = multipart(
      { name: 'wall.png', type: 'image/png', data: blue, field: 'bg_image_file' },
      { bg_image_fit: 'contain', format: 'png' },
    );
    const contain = await processing.app.inject({
      method: 'POST',
      url: compositionApiPaths.compose(jobId),
      payload: containForm.payload,
      headers: { ...containForm.headers, cookie: user.cookie },
    });
    // A 3:2 image in a 4:3 frame: bands above and below stay transparent.
    const contained = await pixels(contain.rawPayload);
    expect(contained.at(2, 2)[3]).toBe(0);
    expect(contained.at(2, 180)).toEqual([0, 0, 255, 255]);

    const blurred = await exportJson({ bg_blur: true, format: 'png' });
    expect(blurred.statusCode).toBe(200);
    const image = await pixels(blurred.rawPayload);
    expect(image.at(0, 0)[3]).toBe(255);
    expect((await sharp(blurred.rawPayload).metadata()).hasAlpha).toBe(false);
  });

  it('refuses a background file over 10 MB (413) or empty (400), saying which field', async () => {
    const exportWith = (data: Buffer) => {
      const form = multipart(
        { name: 'wall.png', type: 'image/png', data, field: 'bg_image_file' },
        { format: 'png' },
      );
      return processing.app.inject({
        method: 'POST',
        url: compositionApiPaths.compose(jobId),
        payload: form.payload,
        headers: { ...form.headers, cookie: user.cookie },
      });
    };
    const big = Buffer.concat([blue, Buffer.alloc(limits.maxUploadBytes)]);
    const tooLarge = await exportWith(big);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toMatchObject({
      code: 'payload_too_large',
      message: `bg_image_file: ${editorTexts.tooLarge}`,
    });
    const empty = await exportWith(Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(compositionTexts.bgFileEmpty);
  });

  it('refuses bad fields, other people and anonymous callers', async () => {
    const two = await exportJson({ bg_color: 'red', bg_blur: true });
    expect(two.statusCode).toBe(400);
    expect(two.json().error.message).toBe(compositionTexts.oneBackground);
    const format = await exportJson({ format: 'gif' });
    expect(format.statusCode).toBe(400);
    const other = await signUp(processing.app);
    expect((await exportJson({}, other.cookie)).statusCode).toBe(404);
    expect((await exportJson({}, '')).statusCode).toBe(401);
    expect((await exportJson({}, user.cookie, 'no-such-job')).statusCode).toBe(404);
  });
});
