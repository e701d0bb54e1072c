import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  compositionTexts,
  editorTexts,
  limits,
  publicApiLimits,
  removeBgErrorTexts,
  removeBgResponseSchema,
} from '@cutout/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditsOf, setCredits, signUp, TEST_ADMIN, type SignedUp } from '../../test/accounts.js';
import { multipart, pixels, useProcessingApp, type Pixels } from '../../test/processing.js';
import { createApiKey } from '../api-keys/api-keys.service.js';

// Backgrounds, shadows and geometry through the public API (issue 25), checked on the pixels of
// the answers: a real engine (u2netp) on a drawn 480×360 photo, an API key, and remove.bg's
// fields as its five client libraries send them. Background images come from a server on
// 127.0.0.1 (allowed for this app as URL import's test hosts are).

const processing = useProcessingApp({
  URL_IMPORT_ALLOW_HOSTS: '127.0.0.1',
  ADMIN_PASSWORD: TEST_ADMIN.password,
});
let blue: Buffer;
let square: Buffer;
let imageServer: Server;
let imageBase: string;
let user: SignedUp;
let key: string;

const W = 480;
const H = 360;

beforeAll(async () => {
  blue = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#0000ff' } })
    .png()
    .toBuffer();
  square = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#00ff00' } })
    .png()
    .toBuffer();
  imageServer = createServer((req, res) => {
    const body =
      req.url === '/blue.png' ? blue : req.url === '/photo.jpg' ? processing.picture.file : null;
    if (!body) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': req.url === '/blue.png' ? 'image/png' : 'image/jpeg' });
    res.end(body);
  });
  await new Promise<void>((resolve) => imageServer.listen(0, '127.0.0.1', resolve));
  imageBase = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;
  user = await signUp(processing.app);
  key = (await createApiKey(processing.app.database.db, user.id, 'composition')).key;
  await setCredits(processing.app, user.id, 500);
});

afterAll(async () => {
  imageServer?.closeAllConnections();
  await new Promise((resolve) => imageServer?.close(resolve));
});

const balance = () => creditsOf(processing.app, user.cookie);

const jpeg = () => ({ name: 'studio shot.jpg', type: 'image/jpeg', data: processing.picture.file });

function post(
  fields: Record<string, string>,
  options: { bg?: Buffer; url?: string; accept?: string } = {},
) {
  const files = [{ ...jpeg(), field: 'image_file' }];
  if (options.bg)
    files.push({ name: 'bg.png', type: 'image/png', data: options.bg, field: 'bg_image_file' });
  const body = multipart(files, fields);
  return processing.app.inject({
    method: 'POST',
    url: options.url ?? '/api/v1/remove-background',
    payload: body.payload,
    headers: {
      ...body.headers,
      'x-api-key': key,
      ...(options.accept ? { accept: options.accept } : {}),
    },
  });
}

const corners = (p: Pixels) => [
  p.at(0, 0),
  p.at(p.width - 1, 0),
  p.at(0, p.height - 1),
  p.at(p.width - 1, p.height - 1),
];

/** remove.bg's JSON answer: the image and where the subject is in it. */
async function removeBg(fields: Record<string, string>, bg?: Buffer) {
  const res = await post(fields, { bg, url: '/v1.0/removebg', accept: 'application/json' });
  expect(res.statusCode, res.body).toBe(200);
  const { data } = removeBgResponseSchema.parse(res.json());
  return { res, data, image: await pixels(Buffer.from(data.result_b64, 'base64')) };
}

describe('composition through the public API', () => {
  it('a blue bg_image_file makes the corners blue; contain leaves the sides transparent', async () => {
    const res = await post({}, { bg: blue });
    expect(res.statusCode, res.body).toBe(200);
    // The background fills the image: format=auto answers JPEG (remove.bg's rule).
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-ignored-parameters']).toBeUndefined();
    const image = await pixels(res.rawPayload);
    expect([image.width, image.height]).toEqual([W, H]);
    for (const [r, g, b] of corners(image)) {
      expect(r).toBeLessThan(30);
      expect(g).toBeLessThan(30);
      expect(b).toBeGreaterThan(220);
    }
    // A 1:1 green image contained in a 4:3 photo: transparent on the left and right, PNG.
    const contain = await post({ bg_image_fit: 'contain' }, { bg: square });
    expect(contain.headers['content-type']).toBe('image/png');
    const fitted = await pixels(contain.rawPayload);
    expect(fitted.at(2, 180)[3]).toBe(0);
    expect(fitted.at(240, 2)).toEqual([0, 255, 0, 255]);
  });

  it('bg_image_url is fetched through the URL import guard; a loopback address is refused free', async () => {
    const res = await post({ bg_image_url: `${imageBase}/blue.png`, format: 'png' });
    expect(res.statusCode, res.body).toBe(200);
    const image = await pixels(res.rawPayload);
    expect(image.at(0, 0)).toEqual([0, 0, 255, 255]);

    const before = await balance();
    // ::1 is not among this app's allowed hosts: refused by address, before any job.
    const blocked = await post({ bg_image_url: 'http://[::1]:9/bg.png' });
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().error.message).toMatch(/^bg_image_url: This address cannot be used/);
    const missing = await post({ bg_image_url: `${imageBase}/nothing.png` });
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.json().error.message).toMatch(/^bg_image_url: /);
    const notImage = await post({}, { bg: Buffer.from('these are not pixels') });
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error.message).toMatch(/^bg_image_file: /);
    expect(await balance()).toBe(before);
  });

  it('bg_image_file over 10 MB is file_too_large (413 on /api/v1) and an empty one a 400, free', async () => {
    const before = await balance();
    // Noise stored without compression: the file is as large as its pixels.
    const noise = (width: number, height: number) =>
      sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
        .png({ compressionLevel: 0 })
        .toBuffer();
    const eleven = await noise(2000, 1900);
    const thirteen = await noise(2400, 1800);
    expect(eleven.byteLength).toBeGreaterThan(limits.maxUploadBytes);
    expect(eleven.byteLength).toBeLessThan(publicApiLimits.removeBgMaxUploadBytes);
    expect(thirteen.byteLength).toBeGreaterThan(publicApiLimits.removeBgMaxUploadBytes);
    const tooLarge = `bg_image_file: ${editorTexts.tooLarge}`;

    // remove.bg's path takes a 12 MB image: a larger background is checked against its own
    // limit, and one past the form's limit too; both are file_too_large naming the field.
    for (const bg of [eleven, thirteen]) {
      const res = await post({}, { bg, url: '/v1.0/removebg' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({
        errors: [
          { title: removeBgErrorTexts.fileTooLarge, code: 'file_too_large', detail: tooLarge },
        ],
      });
    }
    const own = await post({}, { bg: eleven });
    expect(own.statusCode).toBe(413);
    expect(own.json().error).toMatchObject({ code: 'payload_too_large', message: tooLarge });

    const empty = await post({}, { bg: Buffer.alloc(0) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe(compositionTexts.bgFileEmpty);
    const emptyRemoveBg = await post({}, { bg: Buffer.alloc(0), url: '/v1.0/removebg' });
    expect(emptyRemoveBg.statusCode).toBe(400);
    expect(emptyRemoveBg.json().errors[0]).toMatchObject({
      code: 'invalid_parameters',
      detail: compositionTexts.bgFileEmpty,
    });
    expect(await balance()).toBe(before);
  });

  it('bg_color with alpha gives that alpha behind the subject, as PNG', async () => {
    const res = await post({ bg_color: '0000ff80' });
    expect(res.headers['content-type']).toBe('image/png');
    const image = await pixels(res.rawPayload);
    for (const [r, g, b, a] of corners(image)) {
      expect([r, g, b]).toEqual([0, 0, 255]);
      expect(a).toBeGreaterThanOrEqual(127);
      expect(a).toBeLessThanOrEqual(129);
    }
    const opaque = await post({ bg_color: '#00ff00ff', format: 'png' });
    expect((await pixels(opaque.rawPayload)).at(0, 0)).toEqual([0, 255, 0, 255]);
  });

  it('zip carries the composed colours and their mask (all opaque on a filled background)', async () => {
    for (const [fields, opaque] of [
      [{ format: 'zip', bg_color: 'red' }, true],
      [{ format: 'zip', add_shadow: 'true' }, false],
    ] as const) {
      const res = await post(fields);
      expect(res.headers['content-type']).toBe('application/zip');
      const bytes = res.rawPayload;
      const mask = bytes.subarray(bytes.indexOf(Buffer.from([0x89, 0x50, 0x4e, 0x47])));
      const stats = await sharp(mask).stats();
      expect(stats.channels[0]!.min === 255, JSON.stringify(fields)).toBe(opaque);
      expect(stats.channels[0]!.max).toBe(255);
    }
  });

  it('bg_blur puts the photo’s own background, blurred, behind the subject', async () => {
    const res = await post({ bg_blur: 'true', format: 'png' });
    expect(res.statusCode, res.body).toBe(200);
    const image = await pixels(res.rawPayload);
    const original = await pixels(processing.picture.file);
    // Every pixel is opaque, and the corners keep the photo's colours (blurred).
    expect(corners(image).every((p) => p[3] === 255)).toBe(true);
    for (const [x, y] of [
      [10, 10],
      [470, 350],
    ] as const) {
      const a = image.at(x, y);
      const b = original.at(x, y);
      expect(
        Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!) + Math.abs(a[2]! - b[2]!),
      ).toBeLessThan(90);
    }
  });

  it('add_shadow darkens the pixels just under the subject and nowhere far from it', async () => {
    const plain = await removeBg({ bg_color: 'ffffff', format: 'png' });
    const shadowed = await removeBg({ bg_color: 'ffffff', format: 'png', add_shadow: 'true' });
    const { foreground_left: left, foreground_top: top } = plain.data;
    const { foreground_width: width, foreground_height: height } = plain.data;
    const x = Math.round(left + width / 2);
    const y = top + height + 3;
    const lum = (p: number[]) => p[0]! + p[1]! + p[2]!;
    expect(lum(shadowed.image.at(x, y))).toBeLessThan(lum(plain.image.at(x, y)) - 30);
    expect(shadowed.image.at(2, 2)).toEqual(plain.image.at(2, 2));
    // shadow_type car draws the same drop shadow, and says it is not a car shadow.
    const car = await removeBg({ bg_color: 'ffffff', format: 'png', shadow_type: 'car' });
    expect(car.res.headers['x-ignored-parameters']).toBe('shadow_type');
    expect(lum(car.image.at(x, y))).toBeLessThan(lum(plain.image.at(x, y)) - 30);
  });

  it('crop_margin with one, two and four values gives the expected sizes', async () => {
    const tight = await removeBg({ crop: 'true' });
    const w = tight.image.width;
    const h = tight.image.height;
    expect(w).toBe(tight.data.foreground_width);
    expect(h).toBe(tight.data.foreground_height);
    expect(w).toBeLessThan(W);
    const one = await removeBg({ crop: 'true', crop_margin: '12px' });
    expect([one.image.width, one.image.height]).toEqual([w + 24, h + 24]);
    const two = await removeBg({ crop: 'true', crop_margin: '10px 20px' });
    expect([two.image.width, two.image.height]).toEqual([w + 40, h + 20]);
    expect(two.data).toMatchObject({ foreground_left: 20, foreground_top: 10 });
    const four = await removeBg({ crop: 'true', crop_margin: '5px 10px 15px 20px' });
    expect([four.image.width, four.image.height]).toEqual([w + 30, h + 20]);
    expect(four.data).toMatchObject({ foreground_left: 20, foreground_top: 5 });
    const percent = await removeBg({ crop: 'true', crop_margin: '10%' });
    expect(percent.image.width).toBe(w + 2 * Math.round(w * 0.1));
    expect(percent.image.height).toBe(h + 2 * Math.round(h * 0.1));
  });

  it('scale and position move and resize the subject on the canvas', async () => {
    const full = await removeBg({ scale: '100%' });
    const { foreground_width: fw, foreground_height: fh } = full.data;
    // 100%: the subject's box touches the canvas on its tighter axis, centred.
    expect(fw === W || fh === H).toBe(true);
    const half = await removeBg({ scale: '50%', position: '0% 100%' });
    expect(half.data.foreground_left).toBe(0);
    expect(half.data.foreground_top + half.data.foreground_height).toBe(H);
    expect(Math.abs(half.data.foreground_width - fw / 2)).toBeLessThanOrEqual(2);
    expect([half.image.width, half.image.height]).toEqual([W, H]);
    // The top-right corner, where the subject was, is empty now.
    expect(half.image.at(W - 5, 5)[3]).toBe(0);
  });

  it('roi keeps only what is inside the region as subject', async () => {
    const whole = await removeBg({});
    const right = whole.data.foreground_left + whole.data.foreground_width;
    expect(right).toBeGreaterThan(W / 2);
    const left = await removeBg({ roi: '0 0 50% 100%' });
    expect(left.data.foreground_left + left.data.foreground_width).toBeLessThanOrEqual(W / 2);
    expect(left.image.at(W / 2 + 10, H / 2)[3]).toBe(0);
    const px = await removeBg({ roi: `${W / 2}px 0px ${W}px ${H}px` });
    expect(px.data.foreground_left).toBeGreaterThanOrEqual(W / 2);
  });

  it('type_level none leaves out X-Type; the other levels answer other', async () => {
    const none = await removeBg({ type_level: 'none' });
    expect(none.res.headers['x-type']).toBeUndefined();
    const latest = await removeBg({ type_level: 'latest' });
    expect(latest.res.headers['x-type']).toBe('other');
    const level1 = await removeBg({ type_level: '1' });
    expect(level1.res.headers['x-type']).toBe('other');
  });

  it('refuses bad composition fields with 400 naming the field, at no charge', async () => {
    const before = await balance();
    const cases: [Record<string, string>, string | RegExp][] = [
      [{ bg_color: 'red', bg_image_url: `${imageBase}/blue.png` }, compositionTexts.oneBackground],
      [{ scale: '200%' }, compositionTexts.badScale],
      [{ position: 'left' }, compositionTexts.badPosition],
      [{ roi: '1 2 3' }, compositionTexts.badRoi],
      [{ crop: 'true', crop_margin: '1px 2px 3px' }, compositionTexts.badCropMargin],
      [{ add_shadow: 'true', shadow_opacity: '101' }, compositionTexts.badShadowOpacity],
      [{ bg_image_fit: 'stretch' }, /for bg_image_fit\. Allowed values: cover, contain\./],
    ];
    for (const [fields, message] of cases) {
      const res = await post(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      if (typeof message === 'string') expect(res.json().error.message).toBe(message);
      else expect(res.json().error.message).toMatch(message);
    }
    // /v1.0 without a size is a free preview (decision 0162): ask for the full size.
    const accepted = await post({ size: 'full' }, { bg: blue, url: '/v1.0/removebg' });
    expect(accepted.statusCode).toBe(200);
    expect(await balance()).toBe(before - 1);
  });
});

/**
 * A multipart body with its parts in the order given (clients differ: Go and PHP send the image
 * first, Ruby and Python the fields first).
 */
function orderedForm(
  parts: (
    { name: string; value: string } | { name: string; file: string; type: string; data: Buffer }
  )[],
): { payload: Buffer; contentType: string } {
  const boundary = `----client${randomBytes(6).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.file}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe("remove.bg's client libraries, with the composition fields", () => {
  const fieldParts = (fields: Record<string, string>) =>
    Object.entries(fields).map(([name, value]) => ({ name, value }));

  async function send(body: { payload: Buffer | string; contentType: string }, accept?: string) {
    const res = await processing.app.inject({
      method: 'POST',
      url: '/v1.0/removebg',
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        'x-api-key': key,
        ...(accept ? { accept } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it('the npm remove.bg client: JSON with base64 and JSON booleans, answered as JSON', async () => {
    const res = await send(
      {
        payload: JSON.stringify({
          image_file_b64: processing.picture.file.toString('base64'),
          size: 'regular',
          type: 'auto',
          format: 'auto',
          scale: '80%',
          position: 'center',
          crop: true,
          crop_margin: '10px',
          add_shadow: true,
          bg_color: '#ff0000',
          type_level: 'latest',
        }),
        contentType: 'application/json',
      },
      'application/json',
    );
    const { data } = removeBgResponseSchema.parse(res.json());
    const image = await pixels(Buffer.from(data.result_b64, 'base64'));
    // Red filled: JPEG (auto); the crop keeps the 10 px margin beyond the subject and its shadow.
    expect(
      image
        .at(0, 0)
        .slice(0, 3)
        .every((v, i) => (i === 0 ? v > 220 : v < 40)),
    ).toBe(true);
    expect(data.foreground_top).toBeGreaterThanOrEqual(10);
    expect(data.foreground_left).toBeGreaterThanOrEqual(10);
    expect(res.headers['x-type']).toBe('other');
  });

  it('the Ruby gem: multipart, fields then image_file, string booleans, a bg_image_file part', async () => {
    const res = await send(
      orderedForm([
        ...fieldParts({ size: 'auto', format: 'png', add_shadow: 'true', bg_image_fit: 'cover' }),
        { name: 'bg_image_file', file: 'background.png', type: 'image/png', data: blue },
        {
          name: 'image_file',
          file: 'photo.jpg',
          type: 'image/jpeg',
          data: processing.picture.file,
        },
      ]),
    );
    expect(res.headers['content-type']).toBe('image/png');
    expect((await pixels(res.rawPayload)).at(479, 0)).toEqual([0, 0, 255, 255]);
  });

  it('the Go client: multipart with image_file first (octet-stream), then the fields', async () => {
    const res = await send(
      orderedForm([
        {
          name: 'image_file',
          file: 'photo.jpg',
          type: 'application/octet-stream',
          data: processing.picture.file,
        },
        ...fieldParts({
          bg_color: '00ff0080',
          crop: 'true',
          crop_margin: '4px 8px',
          roi: '0% 0% 100% 100%',
        }),
      ]),
    );
    const image = await pixels(res.rawPayload);
    expect(image.at(0, 0)[1]).toBe(255);
    expect(Math.abs(image.at(0, 0)[3]! - 128)).toBeLessThanOrEqual(1);
    expect(res.headers['x-foreground-left']).toBe('8');
    expect(res.headers['x-foreground-top']).toBe('4');
  });

  it('the Python client: fields then files (image and background), its roi default, and base64 URL-encoded', async () => {
    const res = await send(
      orderedForm([
        ...fieldParts({
          size: 'regular',
          type: 'auto',
          type_level: 'none',
          format: 'auto',
          roi: '0 0 100% 100%',
          crop: 'false',
          scale: 'original',
          position: 'original',
          channels: 'rgba',
          add_shadow: 'false',
          semitransparency: 'true',
        }),
        {
          name: 'image_file',
          file: 'photo.jpg',
          type: 'image/jpeg',
          data: processing.picture.file,
        },
        { name: 'bg_image_file', file: 'bg.png', type: 'image/png', data: blue },
      ]),
    );
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['x-type']).toBeUndefined();
    expect(res.headers['x-ignored-parameters']).toBeUndefined();
    const [r, g, b] = (await pixels(res.rawPayload)).at(0, 359);
    expect([r! < 30, g! < 30, b! > 220]).toEqual([true, true, true]);

    const encoded = await send({
      payload: new URLSearchParams({
        image_file_b64: processing.picture.file.toString('base64'),
        size: 'regular',
        roi: '0 0 100% 100%',
        crop: 'true',
        crop_margin: '5%',
        add_shadow: 'false',
        bg_color: 'yellow',
      }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    });
    expect(encoded.headers['content-type']).toBe('image/jpeg');
    const image = await pixels(encoded.rawPayload);
    expect(
      image
        .at(0, 0)
        .slice(0, 3)
        .map((v) => v > 200),
    ).toEqual([true, true, false]);
  });

  it('the PHP client: image_file first then fields, PHP booleans as 1/0, and form_params for a URL', async () => {
    const res = await send(
      orderedForm([
        {
          name: 'image_file',
          file: 'photo.png',
          type: 'image/jpeg',
          data: processing.picture.file,
        },
        ...fieldParts({
          size: 'auto',
          add_shadow: '1',
          crop: '0',
          bg_image_url: `${imageBase}/blue.png`,
        }),
      ]),
    );
    // JPEG (a filled background): blue within its rounding.
    const [r, g, b] = (await pixels(res.rawPayload)).at(0, 0);
    expect([r! < 15, g! < 15, b! > 240]).toEqual([true, true, true]);
    const form = await send(
      {
        payload: new URLSearchParams({
          image_url: `${imageBase}/photo.jpg`,
          size: 'auto',
          add_shadow: '1',
          scale: '60%',
          position: 'center',
          bg_color: 'ffffff',
        }).toString(),
        contentType: 'application/x-www-form-urlencoded',
      },
      'application/json',
    );
    const { data } = removeBgResponseSchema.parse(form.json());
    const image = await pixels(Buffer.from(data.result_b64, 'base64'));
    expect(image.at(0, 0)).toEqual([255, 255, 255, 255]);
    // 60%, centred: equal room on the left and right.
    const room = W - data.foreground_width;
    expect(Math.abs(data.foreground_left - room / 2)).toBeLessThanOrEqual(1);
  });
});
