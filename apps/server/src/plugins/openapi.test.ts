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

  it('serves the interactive documentation under the CSP', async () => {
    const res = await t.app.inject({ url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).not.toMatch(/<script>[^<]/);
  });
});
