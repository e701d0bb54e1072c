import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

// Secrets Cutout must store and use again later — a payment provider's API key entered in the
// admin, a database connection's password — are encrypted at rest with AES-256-GCM. The key is
// derived (HKDF-SHA256) from the server secret (AUTH_SECRET, or the one generated into DATA_DIR),
// so a copy of the database alone does not reveal them. Changing that secret makes stored
// secrets unreadable: `open` then throws and the admin enters them again.
//
// Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the version names the scheme
// so it can change without guessing.

const VERSION = 'v1';

export class SecretBoxError extends Error {}

export class SecretBox {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    if (serverSecret.length < 16)
      throw new Error('SecretBox needs a server secret of 16+ characters');
    this.#key = Buffer.from(
      hkdfSync('sha256', serverSecret, 'cutout', 'cutout:stored-secrets:v1', 32),
    );
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [VERSION, iv, tag, data]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data, ...rest] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined || rest.length > 0) {
      throw new SecretBoxError('Stored secret is not in a form this server can read');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new SecretBoxError(
        'Stored secret cannot be decrypted (was the server secret changed?); enter it again',
      );
    }
  }
}

/** What the browser may see of a stored secret: its last four characters at most. */
export function maskSecret(plain: string): string {
  return plain.length <= 8 ? '••••' : `••••${plain.slice(-4)}`;
}
