import { createHmac, hkdfSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deriveKey, type KeyPurpose } from './derive-key.js';

// What existing installs stored or handed out was made with the code below (as it was written
// before decision 0225, in secret-box.ts, payments.ts and app.ts): each purpose must still give
// the very same bytes, or sealed passwords, webhook signatures, result links, visitor counts and
// session cookies stop working on upgrade.

const masters = ['a-generated-secret-0123456789abcdef0123456789', 'Ünïcode secret with spaces ✓✓'];
const message = 'job-1\nforeground\n1767225600000';

describe('deriveKey', () => {
  it.each(masters)('gives the stored-secrets key HKDF gave in secret-box.ts (%s)', (master) => {
    const before = Buffer.from(
      hkdfSync('sha256', master, 'cutout', 'cutout:stored-secrets:v1', 32),
    );
    expect(deriveKey(master, 'stored-secrets').equals(before)).toBe(true);
    expect(deriveKey(master, 'stored-secrets')).toHaveLength(32);
  });

  it.each(masters)('gives the sandbox webhook secret payments.ts made (%s)', (master) => {
    const before = createHmac('sha256', master).update('cutout-sandbox-webhooks').digest('hex');
    expect(deriveKey(master, 'sandbox-webhooks').toString('hex')).toBe(before);
  });

  it.each(masters)('signs result links as the prefixed key of app.ts did (%s)', (master) => {
    const before = createHmac('sha256', `results:${master}`).update(message).digest('hex');
    const now = createHmac('sha256', deriveKey(master, 'result-links')).update(message);
    expect(now.digest('hex')).toBe(before);
  });

  it.each(masters)('hashes visitor addresses as the prefixed key of app.ts did (%s)', (master) => {
    const before = createHmac('sha256', `visitors:${master}`).update('203.0.113.7').digest('hex');
    const now = createHmac('sha256', deriveKey(master, 'visitors')).update('203.0.113.7');
    expect(now.digest('hex')).toBe(before);
  });

  it.each(masters)('gives better-auth the master itself, as app.ts did (%s)', (master) => {
    expect(deriveKey(master, 'sessions').toString('utf8')).toBe(master);
  });

  it('gives each purpose its own key', () => {
    const purposes: KeyPurpose[] = [
      'stored-secrets',
      'sandbox-webhooks',
      'result-links',
      'visitors',
      'sessions',
    ];
    const keys = purposes.map((p) => deriveKey(masters[0]!, p).toString('hex'));
    expect(new Set(keys).size).toBe(purposes.length);
    expect(deriveKey(masters[1]!, 'stored-secrets')).not.toEqual(
      deriveKey(masters[0]!, 'stored-secrets'),
    );
  });
});
