import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError, conflict, forbidden, unauthorized } from '../errors.js';
import { createTestApp, type TestApp } from '../test/test-app.js';

// Every failure answers { error: { code, message } } with the right status.
describe('error handler', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      beforeReady: (app: FastifyInstance) => {
        const typed = app.withTypeProvider<ZodTypeProvider>();
        typed.post(
          '/api/test/validate',
          {
            schema: {
              body: z.object({
                name: z.string().min(2, 'Name must be at least 2 characters'),
                age: z.number(),
              }),
            },
          },
          async () => ({ ok: true }),
        );
        app.get('/api/test/401', async () => {
          throw unauthorized();
        });
        app.get('/api/test/403', async () => {
          throw forbidden();
        });
        app.get('/api/test/409', async () => {
          throw conflict('User with this email already exists');
        });
        app.get('/api/test/402', async () => {
          throw new AppError(402, 'payment_required', 'No credits available.');
        });
        app.get('/api/test/boom', async () => {
          throw new Error('secret internal detail at /srv/db.ts:12');
        });
      },
    });
  });
  afterAll(() => t.close());

  it('400: validation failure with a message per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      payload: { name: 'A' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields.name).toBe('Name must be at least 2 characters');
    expect(body.error.fields.age).toBeDefined();
    expect(body.error.message).toBe('Name must be at least 2 characters');
  });

  it('400: malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_failed');
  });

  it.each([
    ['/api/test/401', 401, 'unauthorized'],
    ['/api/test/402', 402, 'payment_required'],
    ['/api/test/403', 403, 'forbidden'],
    ['/api/test/409', 409, 'conflict'],
  ])('%s answers %i %s', async (url, status, code) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.code).toBe(code);
    expect(typeof res.json().error.message).toBe('string');
  });

  it('404: unknown API route, as JSON', async () => {
    const res = await t.app.inject({ url: '/api/nope', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().error.code).toBe('not_found');
  });

  it('413: body over the limit', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1_100_000), age: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toEqual({
      code: 'payload_too_large',
      message: 'The request is too large.',
    });
  });

  it('415: a content type the route does not accept', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'hello',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
  });

  it('500: generic message, request id, no internals', async () => {
    const res = await t.app.inject({
      url: '/api/test/boom',
      headers: { 'x-request-id': 'req-abc-123' },
    });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.error.code).toBe('internal');
    expect(body.error.requestId).toBe('req-abc-123');
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('db.ts');
    expect(res.headers['x-request-id']).toBe('req-abc-123');
  });

  it('gives every response a request id, replacing one that does not look like an id', async () => {
    const res = await t.app.inject({
      url: '/health',
      headers: { 'x-request-id': 'bad id with spaces\n' },
    });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('431: headers too large for the HTTP parser, on a real socket, in the one error shape', async () => {
    const local = await createTestApp();
    try {
      const address = await local.app.listen({ host: '127.0.0.1', port: 0 });
      const port = Number(new URL(address).port);
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1');
        let received = '';
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('end', () => resolve(received));
        socket.on('error', reject);
        // Node's parser allows 16 KB of headers; a 32 KB cookie is over.
        socket.write(
          `GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: a=${'x'.repeat(32 * 1024)}\r\n\r\n`,
        );
      });
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 431 /);
      expect(head.toLowerCase()).toContain('content-type: application/json');
      expect(JSON.parse(body)).toEqual({
        error: {
          code: 'payload_too_large',
          message: expect.stringMatching(/headers are too large/),
        },
      });
    } finally {
      await local.close();
    }
  });
});
