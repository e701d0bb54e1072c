import { compileErrors, validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('describes the routes from their zod schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths['/health/detailed'].get.responses['200']).toBeDefined();
    const body = doc.paths['/api/errors'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['kind', 'message', 'url']));
  });

  it('documents the public API with its fields, answers and key headers', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const remove = doc.paths['/api/v1/remove-background'].post;
    expect(remove.description).toContain('X-RateLimit-Limit');
    expect(remove.description).toContain('`bg_color`');
    expect(remove.responses['200'].content['application/json'].schema.properties).toHaveProperty(
      'result_b64',
    );
    expect(remove.security).toEqual([{ bearerAuth: [] }, { apiKeyHeader: [] }]);
    expect(doc.components.securitySchemes.apiKeyHeader.name).toBe('X-Api-Key');
    const removeBg = doc.paths['/v1.0/removebg'].post;
    expect(removeBg.responses['400'].content['application/json'].schema.properties).toHaveProperty(
      'errors',
    );
    for (const path of ['/v1.0/account', '/api/v1/account', '/api/v1/jobs', '/api/v1/jobs/{id}']) {
      expect(doc.paths[path]?.get, path).toBeDefined();
    }
    const perPage = doc.paths['/api/v1/jobs'].get.parameters.find(
      (p: { name: string }) => p.name === 'per_page',
    );
    expect(perPage.schema.maximum).toBe(100);
  });

  it('is a valid OpenAPI 3.1 document by a maintained validator, which does catch a broken one', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const result = await validate(structuredClone(doc));
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    const broken = structuredClone(doc);
    delete broken.paths['/v1.0/removebg'].post.responses['200'].description;
    broken.paths['/api/v1/account'].get.parameters = [{ name: 'x' }];
    expect((await validate(broken)).valid).toBe(false);
  });

  it('declares every public endpoint: request bodies field by field, content types, headers and errors', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    type Schema = { type?: string; enum?: string[]; default?: unknown; format?: string };
    const processing = {
      '/api/v1/remove-background': {
        errors: ['400', '401', '402', '413', '415', '422', '429', '503'],
        size: 'auto',
      },
      '/v1.0/removebg': { errors: ['400', '401', '402', '403', '429', '503'], size: 'preview' },
    };
    const composition = [
      'bg_color',
      'bg_image_url',
      'bg_image_file',
      'add_shadow',
      'scale',
      'position',
      'roi',
      'crop',
      'crop_margin',
      'type',
      'type_level',
      'semitransparency',
      'format',
      'channels',
      'size',
    ];
    for (const [path, expected] of Object.entries(processing)) {
      const op = doc.paths[path].post;
      const body = op.requestBody.content;
      expect(Object.keys(body).sort(), path).toEqual([
        'application/json',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
      ]);
      const multipartFields = body['multipart/form-data'].schema.properties as Record<
        string,
        Schema
      >;
      expect(multipartFields.image_file).toMatchObject({ type: 'string', format: 'binary' });
      expect(multipartFields.bg_image_file).toMatchObject({ type: 'string', format: 'binary' });
      for (const type of Object.keys(body)) {
        const fields = body[type].schema.properties as Record<string, Schema>;
        expect(Object.keys(fields)).toEqual(
          expect.arrayContaining(['image_url', 'image_file_b64']),
        );
        for (const name of composition) {
          if (name === 'bg_image_file' && type !== 'multipart/form-data') continue;
          const field = fields[name];
          expect(field?.type, `${path} ${type} ${name}`).toBeTruthy();
          if (field?.enum) expect(field.default, `${path} ${type} ${name}`).toBeDefined();
        }
        expect(fields.size!.default).toBe(expected.size);
      }
      const ok = op.responses['200'];
      expect(Object.keys(ok.content).sort()).toEqual([
        'application/json',
        'application/zip',
        'image/jpeg',
        'image/png',
        'image/webp',
      ]);
      expect(ok.content['image/png'].schema).toMatchObject({ type: 'string', format: 'binary' });
      expect(Object.keys(ok.headers)).toEqual(
        expect.arrayContaining([
          'X-Credits-Charged',
          'X-Width',
          'X-Height',
          'X-Ignored-Parameters',
          'X-RateLimit-Limit',
          'X-RateLimit-Remaining',
          'X-RateLimit-Reset',
        ]),
      );
      expect(
        Object.keys(op.responses)
          .filter((s) => s !== '200')
          .sort(),
      ).toEqual(expected.errors);
      expect(Object.keys(op.responses['429'].headers)).toContain('Retry-After');
      expect(Object.keys(op.responses['503'].headers)).toContain('Retry-After');
    }
    const removeBg = doc.paths['/v1.0/removebg'].post;
    expect(removeBg.responses['200'].headers['X-Type'].schema.enum).toContain('other');
    expect(
      removeBg.responses['400'].content['application/json'].schema.properties.errors.items.required,
    ).toEqual(['title', 'code', 'detail']);
    for (const [path, statuses] of Object.entries({
      '/api/v1/account': ['200', '401'],
      '/api/v1/user/usage': ['200', '401'],
      '/api/v1/jobs': ['200', '400', '401'],
      '/api/v1/jobs/{id}': ['200', '400', '401', '404'],
      '/v1.0/account': ['200', '401', '403'],
    })) {
      const op = doc.paths[path].get;
      expect(Object.keys(op.responses).sort(), path).toEqual(statuses);
      expect(op.operationId, path).toBeTruthy();
      for (const status of statuses) expect(op.responses[status].description).not.toBe('Error');
    }
  });

  it('serves the interactive documentation under the CSP', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toMatch(/<script>[^<]/);
  });
});
