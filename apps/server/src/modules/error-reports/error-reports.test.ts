import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { countErrorReports, findErrorReport } from './error-reports.repository.js';

describe('POST /api/errors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const report = {
    kind: 'render',
    message: 'Cannot read x of undefined',
    url: 'http://127.0.0.1:3000/pricing',
  };

  it('stores a report with the caller IP taken by the server', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/errors',
      payload: report,
      remoteAddress: '127.0.0.9',
    });
    expect(res.statusCode).toBe(202);
    const row = await findErrorReport(t.app.database.db, res.json().id);
    expect(row).toMatchObject({ kind: 'render', message: report.message, ip: '127.0.0.9' });
  });

  it('refuses an invalid report with field messages and stores nothing', async () => {
    const before = await countErrorReports(t.app.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/errors',
      payload: { kind: 'weird', message: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(
      expect.arrayContaining(['kind', 'message', 'url']),
    );
    expect(await countErrorReports(t.app.database.db)).toBe(before);
  });

  it('429 with Retry-After once one address sends too many', async () => {
    let last;
    for (let i = 0; i < 31; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/api/errors',
        payload: report,
        remoteAddress: '127.0.0.77',
      });
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.json().error.code).toBe('rate_limited');
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
