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

  it('serves the interactive documentation under the CSP', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toMatch(/<script>[^<]/);
  });
});
