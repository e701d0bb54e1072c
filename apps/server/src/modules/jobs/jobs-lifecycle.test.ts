import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { jobSchema } from '@cutout/contracts';
import { createEnginePool } from '@cutout/engine';
import { describe, expect, it } from 'vitest';
import { randomIp, signUp, storedCredits } from '../../test/accounts.js';
import { createProcessingApp, uploadJob, useTestEngine } from '../../test/processing.js';
import { tempDir } from '../../test/test-app.js';

// The queue's edges: full, cancelled, and a restart with jobs left behind.

const shared = useTestEngine();

const upload = () => ({ name: 'cat.jpg', type: 'image/jpeg', data: shared.picture.file });

describe('job queue', () => {
  it('answers 503 with Retry-After when the queue is full, and stores nothing for it', async () => {
    const t = await createProcessingApp(shared.engine, { JOB_QUEUE_SIZE: '0' });
    try {
      const user = await signUp(t.app);
      const first = await uploadJob(t.app, user.cookie, upload());
      expect(first.statusCode).toBe(202);
      const second = await uploadJob(t.app, user.cookie, upload());
      expect(second.statusCode).toBe(503);
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      expect(second.json().error.message).toMatch(/busy/);
      await t.app.processing.jobs.waitUntilFinished(first.json().id);
      const rows = await t.app.database.db.selectFrom('jobs').select('id').execute();
      expect(rows).toHaveLength(1);
      const health = (await t.app.inject({ method: 'GET', url: '/health/detailed' })).json();
      expect(health.queue.status).toBe('ok');
      expect(health.model.status).toBe('ok');
      expect(health.model.detail).toContain('u2netp');
      const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
      expect(metrics).toMatch(/cutout_jobs\{status="completed"\} 1/);
      expect(metrics).toMatch(/cutout_inference_seconds_count 1/);
      expect(metrics).toMatch(/cutout_job_queue\{state="workers"\} 1/);
    } finally {
      await t.close();
    }
  });

  it('cancels a waiting job without charging for it', async () => {
    const t = await createProcessingApp(shared.engine, { JOB_QUEUE_SIZE: '4' });
    try {
      const user = await signUp(t.app);
      const start = await storedCredits(t.app, user.id);
      const a = jobSchema.parse((await uploadJob(t.app, user.cookie, upload())).json());
      const b = jobSchema.parse((await uploadJob(t.app, user.cookie, upload())).json());
      const cancelled = await t.app.inject({
        method: 'DELETE',
        url: `/api/jobs/${b.id}`,
        headers: { cookie: user.cookie },
      });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json().status).toBe('cancelled');
      expect((await t.app.processing.jobs.waitUntilFinished(a.id)).status).toBe('completed');
      expect(await storedCredits(t.app, user.id)).toBe(start - 1);
      const events = await t.app.inject({
        method: 'GET',
        url: `/api/jobs/${b.id}/events`,
        headers: { cookie: user.cookie },
      });
      expect(events.body).toContain('"status":"cancelled"');
    } finally {
      await t.close();
    }
  });
});

describe('fair share and time limit', () => {
  it("keeps one account to half of the waiting room, so another account's job still gets in", async () => {
    const t = await createProcessingApp(shared.engine, { JOB_QUEUE_SIZE: '2' });
    try {
      const alice = await signUp(t.app);
      const bob = await signUp(t.app);
      const running = await uploadJob(t.app, alice.cookie, upload());
      const waiting = await uploadJob(t.app, alice.cookie, upload());
      expect([running.statusCode, waiting.statusCode]).toEqual([202, 202]);
      const refused = await uploadJob(t.app, alice.cookie, upload());
      expect(refused.statusCode).toBe(503);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error.message).toMatch(/You already have several images waiting/);
      const other = await uploadJob(t.app, bob.cookie, upload());
      expect(other.statusCode).toBe(202);
      for (const r of [running, waiting, other]) {
        expect((await t.app.processing.jobs.waitUntilFinished(r.json().id)).status).toBe(
          'completed',
        );
      }
      expect(await t.app.database.db.selectFrom('jobs').select('id').execute()).toHaveLength(3);
    } finally {
      await t.close();
    }
  });

  it('fails a job that runs past its time limit, charges nothing and keeps no result', async () => {
    // A real pool whose limit (1 ms) no image can meet; the server maps the engine's error.
    const strict = createEnginePool({ model: 'u2netp', workers: 1, threads: 1, taskTimeoutMs: 1 });
    const t = await createProcessingApp(strict);
    try {
      const user = await signUp(t.app);
      const start = await storedCredits(t.app, user.id);
      const created = await uploadJob(t.app, user.cookie, upload());
      expect(created.statusCode).toBe(202);
      const job = await t.app.processing.jobs.waitUntilFinished(created.json().id);
      expect(job).toMatchObject({ status: 'failed', error_code: 'unprocessable' });
      expect(job.error_message).toMatch(/took too long/);
      expect(await storedCredits(t.app, user.id)).toBe(start);
      const result = await t.app.inject({
        method: 'GET',
        url: `/api/jobs/${job.id}/results/refined`,
        headers: { cookie: user.cookie },
      });
      expect(result.statusCode).toBeGreaterThanOrEqual(400);
    } finally {
      await t.close();
      await strict.close();
    }
  });
});

describe('restart', () => {
  it('runs jobs a previous process left queued or half-done, charging each once', async () => {
    const dir = tempDir();
    try {
      const env = { DATA_DIR: dir.dir };
      const first = await createProcessingApp(shared.engine, env);
      const user = await signUp(first.app);
      const start = await storedCredits(first.app, user.id);
      // What a crash leaves: one job accepted but not started, one interrupted mid-way.
      const ids = [randomUUID(), randomUUID()];
      const now = new Date().toISOString();
      for (const [i, id] of ids.entries()) {
        mkdirSync(path.join(dir.dir, 'results', id), { recursive: true });
        writeFileSync(path.join(dir.dir, 'results', id, 'original'), shared.picture.file);
        await first.app.database.db
          .insertInto('jobs')
          .values({
            id,
            user_id: user.id,
            status: i === 0 ? 'queued' : 'processing',
            stage: i === 0 ? 'queued' : 'inference',
            progress: i === 0 ? 0 : 40,
            source: 'upload',
            original_name: 'left-behind.jpg',
            content_type: 'image/jpeg',
            input_bytes: shared.picture.file.length,
            width: 480,
            height: 360,
            error_code: null,
            error_message: null,
            timings: null,
            via: 'web',
            created_at: now,
            started_at: i === 0 ? null : now,
            finished_at: null,
            expires_at: new Date(Date.now() + 3_600_000).toISOString(),
            purged_at: null,
          })
          .execute();
      }
      await first.close();

      const second = await createProcessingApp(shared.engine, env);
      try {
        for (const id of ids) {
          const job = await second.app.processing.jobs.waitUntilFinished(id);
          expect(job.status).toBe('completed');
        }
        expect(await storedCredits(second.app, user.id)).toBe(start - 2);
      } finally {
        await second.close();
      }
    } finally {
      dir.remove();
    }
  });
});

describe('bot check (Cloudflare Turnstile, when configured)', () => {
  it('asks the editor for a token, verifies it with siteverify, and opens the CSP for the widget', async () => {
    const http = await import('node:http');
    const seen: string[] = [];
    const verifier = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(`${form.get('secret')}:${form.get('response')}`);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ success: form.get('response') === 'good-token' }));
      });
    });
    await new Promise<void>((resolve) => verifier.listen(0, '127.0.0.1', resolve));
    const port = (verifier.address() as { port: number }).port;
    const t = await createProcessingApp(shared.engine, {
      TURNSTILE_SITE_KEY: 'site-key',
      TURNSTILE_SECRET_KEY: 'secret-key',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
    });
    try {
      const config = await t.app.inject({ method: 'GET', url: '/api/editor/config' });
      expect(config.json().turnstileSiteKey).toBe('site-key');
      const csp = String(config.headers['content-security-policy']);
      expect(csp).toMatch(/script-src[^;]*https:\/\/challenges\.cloudflare\.com/);
      expect(csp).toMatch(/frame-src https:\/\/challenges\.cloudflare\.com/);

      const user = await signUp(t.app);
      const without = await uploadJob(t.app, user.cookie, upload());
      expect(without.statusCode).toBe(403);
      expect(without.json().error.message).toMatch(/bot check/);
      const withSample = (token: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/jobs',
          headers: { cookie: user.cookie },
          payload: { sampleId: 'product-photo', turnstileToken: token },
        });
      expect((await withSample('bad-token')).statusCode).toBe(403);
      const accepted = await withSample('good-token');
      expect(accepted.statusCode).toBe(202);
      await t.app.processing.jobs.waitUntilFinished(accepted.json().id);
      expect(seen).toEqual(['secret-key:bad-token', 'secret-key:good-token']);

      // A visitor's free try is behind the same check (decision 0155); a refused check does
      // not use up the day's try.
      const visitor = randomIp();
      const freeTry = (token?: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/jobs',
          remoteAddress: visitor,
          payload: { sampleId: 'product-photo', ...(token ? { turnstileToken: token } : {}) },
        });
      const noToken = await freeTry();
      expect(noToken.statusCode).toBe(403);
      expect(noToken.json().error.message).toMatch(/bot check/);
      expect((await freeTry('bad-token')).statusCode).toBe(403);
      const tried = await freeTry('good-token');
      expect(tried.statusCode, tried.body).toBe(202);
      const done = await t.app.processing.jobs.waitUntilFinished(tried.json().id);
      expect([done.user_id, done.size]).toEqual([null, 'preview']);
      expect(seen.slice(2)).toEqual(['secret-key:bad-token', 'secret-key:good-token']);
    } finally {
      await t.close();
      verifier.close();
    }
  });

  it('is off without keys: no token asked, nothing from Cloudflare allowed', async () => {
    const t = await createProcessingApp(shared.engine);
    try {
      const config = await t.app.inject({ method: 'GET', url: '/api/editor/config' });
      expect(config.json().turnstileSiteKey).toBeNull();
      expect(String(config.headers['content-security-policy'])).not.toContain('cloudflare');
    } finally {
      await t.close();
    }
  });
});
