import { describe, expect, it } from 'vitest';
import { maskSecret, SecretBox, SecretBoxError, SecretDestinationError } from './secret-box.js';

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

  it('masks show that a secret is there and not one character of it', () => {
    const secret = 'sk_live_abcdef123456';
    expect(maskSecret(secret)).toBe('••••');
    expect(maskSecret('short')).toBe('••••');
    for (const char of new Set(secret)) expect(maskSecret(secret)).not.toContain(char);
    expect(maskSecret('')).toBe('');
  });

  it('a secret sealed for a destination opens for that destination only', () => {
    const to = JSON.stringify(['postgresql', 'db.example.com', 5432, 'shop', true]);
    const sealed = box.sealFor('pa55word', to);
    expect(SecretBox.isBound(sealed)).toBe(true);
    expect(sealed).not.toContain('pa55word');
    expect(sealed).not.toContain('db.example.com');
    expect(box.openFor(sealed, to)).toBe('pa55word');
    // Another port, another host: refused, and said so.
    for (const other of [
      JSON.stringify(['postgresql', 'db.example.com', 5433, 'shop', true]),
      JSON.stringify(['postgresql', 'evil.example.com', 5432, 'shop', true]),
    ]) {
      expect(() => box.openFor(sealed, other)).toThrow(SecretDestinationError);
    }
    // A forged fingerprint does not help: the destination is authenticated by the cipher.
    const parts = sealed.split('.');
    const forgedTo = JSON.stringify(['postgresql', 'evil.example.com', 5432, 'shop', true]);
    const forged = box.sealFor('x', forgedTo).split('.')[1]!;
    expect(() => box.openFor([parts[0], forged, ...parts.slice(2)].join('.'), forgedTo)).toThrow(
      /cannot be decrypted/,
    );
    // An unbound (v1) value is not accepted where a bound one is needed, nor the reverse.
    expect(() => box.openFor(box.seal('pa55word'), to)).toThrow(/not bound/);
    expect(() => box.open(sealed)).toThrow(SecretBoxError);
  });
});
