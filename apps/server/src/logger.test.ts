import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions, redactQuery } from './logger.js';

// The API and the worker log through the same options: what one redacts, the other does too.

function capture() {
  const lines: string[] = [];
  const log = Fastify({ logger: loggerOptions('info', { write: (l) => void lines.push(l) }) }).log;
  return { log, text: () => lines.join('') };
}

describe('loggerOptions', () => {
  it('never writes a password, API key, secret or token logged beside a message', () => {
    const { log, text } = capture();
    log.warn(
      {
        password: 'hunter2-password',
        connection: { host: '127.0.0.1', password: 'conn-password' },
        apiKey: 'ck_live_secret',
        provider: { secret: 'whsec_1234', token: 'tok_5678' },
      },
      'something happened',
    );
    const out = text();
    expect(out).toContain('something happened');
    expect(out).toContain('127.0.0.1');
    for (const secret of [
      'hunter2-password',
      'conn-password',
      'ck_live_secret',
      'whsec_1234',
      'tok_5678',
    ]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain('[redacted]');
  });

  it('blanks secret-bearing query parameters', () => {
    expect(redactQuery('/reset-password?token=abc&x=1')).toBe(
      '/reset-password?token=[redacted]&x=1',
    );
    expect(redactQuery('/v1?api_key=k1&password=p')).toBe(
      '/v1?api_key=[redacted]&password=[redacted]',
    );
  });
});
