import { describe, expect, it } from 'vitest';
import { maskSecret, SecretBox, SecretBoxError } from './secret-box.js';

describe('SecretBox', () => {
  const box = new SecretBox('a-server-secret-of-sufficient-length');

  it('seals to a versioned form that does not contain the secret and opens it again', () => {
    const sealed = box.seal('sk_live_abcdef123456');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(sealed).not.toContain('sk_live');
    expect(box.open(sealed)).toBe('sk_live_abcdef123456');
    // A fresh IV every time: equal secrets do not give equal rows.
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value and a value sealed under another server secret', () => {
    const sealed = box.seal('password');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0]! ^= 1;
    parts[3] = flipped.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow(SecretBoxError);
    expect(() => new SecretBox('another-server-secret-entirely').open(sealed)).toThrow(
      /server secret changed/,
    );
    expect(() => box.open('plain text')).toThrow(SecretBoxError);
  });

  it('masks all but the last four characters of long secrets', () => {
    expect(maskSecret('sk_live_abcdef123456')).toBe('••••3456');
    expect(maskSecret('short')).toBe('••••');
  });
});
