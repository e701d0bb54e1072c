import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has embedded defaults: 127.0.0.1:3000, SQLite in ./data', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.resolve('./data/cutout.db') });
    expect(config.publicUrl).toBe('http://127.0.0.1:3000');
    expect(config.env).toBe('development');
  });

  it('reads PostgreSQL from DATABASE_URL and a public URL without trailing slash', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u@db:5432/cutout',
      PUBLIC_URL: 'https://cutout.example/',
      PORT: '8080',
    });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/cutout' });
    expect(config.publicUrl).toBe('https://cutout.example');
    expect(config.port).toBe(8080);
  });

  it('reads the scale-out queue from QUEUE_URL, and allows ENGINE_WORKERS=0 only with it', () => {
    expect(loadConfig({}).queue).toBeUndefined();
    const config = loadConfig({
      QUEUE_URL: 'redis://127.0.0.1:6379/2',
      ENGINE_WORKERS: '0',
      QUEUE_LOCK_SECONDS: '5',
    });
    expect(config.queue).toEqual({
      url: 'redis://127.0.0.1:6379/2',
      prefix: 'cutout',
      lockMs: 5000,
      stalledIntervalMs: 30_000,
      shutdownGraceMs: 60_000,
    });
    expect(config.engine.workers).toBe(0);
    expect(() => loadConfig({ ENGINE_WORKERS: '0' })).toThrow(
      /ENGINE_WORKERS: 0 .* needs QUEUE_URL/,
    );
    expect(() => loadConfig({ QUEUE_URL: 'http://redis:6379' })).toThrow(
      /QUEUE_URL: must be a redis:\/\/ or rediss:\/\/ URL/,
    );
  });

  it('names every bad variable', () => {
    let caught: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    const message = (caught as ConfigError).message;
    expect(message).toMatch(/PORT: must be a number/);
    expect(message).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(message).toMatch(/LOG_LEVEL: must be one of/);
  });

  it('reads the image shape limits, 12,000 px and 20:1 by default (decision 0013)', () => {
    expect(loadConfig({}).engine).toMatchObject({ maxInputSide: 12_000, maxAspectRatio: 20 });
    expect(
      loadConfig({ ENGINE_MAX_INPUT_SIDE: '8000', ENGINE_MAX_ASPECT_RATIO: '4.5' }).engine,
    ).toMatchObject({ maxInputSide: 8000, maxAspectRatio: 4.5 });
    expect(() => loadConfig({ ENGINE_MAX_INPUT_SIDE: '0' })).toThrow(/ENGINE_MAX_INPUT_SIDE/);
    expect(() => loadConfig({ ENGINE_MAX_ASPECT_RATIO: '0.5' })).toThrow(
      /ENGINE_MAX_ASPECT_RATIO: must be 1 or more/,
    );
  });

  it('reads the results retention under either name, 24 hours by default', () => {
    expect(loadConfig({}).jobs.retentionMs).toBe(24 * 3_600_000);
    expect(loadConfig({ RESULT_RETENTION_HOURS: '6' }).jobs.retentionMs).toBe(6 * 3_600_000);
    expect(loadConfig({ RESULTS_RETENTION_HOURS: '2' }).jobs.retentionMs).toBe(2 * 3_600_000);
    expect(
      loadConfig({ RESULTS_RETENTION_HOURS: '2', RESULT_RETENTION_HOURS: '2' }).jobs.retentionMs,
    ).toBe(2 * 3_600_000);
    expect(() => loadConfig({ RESULTS_RETENTION_HOURS: '2', RESULT_RETENTION_HOURS: '6' })).toThrow(
      /RESULTS_RETENTION_HOURS: is 2 but RESULT_RETENTION_HOURS is 6/,
    );
    expect(() => loadConfig({ RESULTS_RETENTION_HOURS: '0' })).toThrow(
      /RESULTS_RETENTION_HOURS: must be more than 0/,
    );
  });

  it('rejects a port out of range and a relative PUBLIC_URL', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT: must be between 0 and 65535/);
    expect(() => loadConfig({ PUBLIC_URL: 'cutout.example' })).toThrow(/PUBLIC_URL/);
  });

  it('names the variable behind a problem the mapping finds', () => {
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '90', HTTP_REQUEST_TIMEOUT_SECONDS: '60' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS: must be less than HTTP_REQUEST_TIMEOUT_SECONDS/);
    let caught: unknown;
    try {
      loadConfig({ PAYMENTS_PROVIDER: 'lemonsqueezy', LEMONSQUEEZY_API_KEY: 'key' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems).toEqual([
      'LEMONSQUEEZY_STORE_ID: must be set when PAYMENTS_PROVIDER is lemonsqueezy',
      'LEMONSQUEEZY_WEBHOOK_SECRET: must be set when PAYMENTS_PROVIDER is lemonsqueezy',
    ]);
  });

  it('takes the shared Redis from REDIS_URL, else from the queue', () => {
    expect(loadConfig({}).redis.url).toBeUndefined();
    expect(loadConfig({ QUEUE_URL: 'redis://q:6379' }).redis.url).toBe('redis://q:6379');
    expect(loadConfig({ QUEUE_URL: 'redis://q:6379', REDIS_URL: 'redis://r:6379' }).redis.url).toBe(
      'redis://r:6379',
    );
    expect(() => loadConfig({ REDIS_URL: 'http://r' })).toThrow(/REDIS_URL: must be a redis/);
  });
});
