import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { deriveKey } from '../derive-key.js';

// Secrets Cutout must store and use again later — a payment provider's API key entered in the
// admin, a database connection's password — are encrypted at rest with AES-256-GCM. The key is
// derived (HKDF-SHA256) from the server secret (AUTH_SECRET, or the one generated into DATA_DIR),
// so a copy of the database alone does not reveal them. Changing that secret makes stored
// secrets unreadable: `open` then throws and the admin enters them again.
//
// Stored form: `v1.<iv>.<tag>.<ciphertext>`, each part base64url; the version names the scheme
// so it can change without guessing.
//
// A secret that is sent somewhere (a database password, a provider's API key, an SMTP password)
// is sealed *for its destination* (`v2.<destination fingerprint>.<iv>.<tag>.<ciphertext>`): the
// destination is the cipher's additional authenticated data, so the sealed value opens only for
// that destination. Change the host and the stored password no longer opens — it cannot be sent
// to the new host by mistake or by design (docs/decisions/0134). The fingerprint (a hash of the
// destination, which is stored in clear beside it anyway) only tells the two failures apart.

const VERSION = 'v1';
const BOUND = 'v2';

export class SecretBoxError extends Error {}

/** The sealed value was made for another destination: the secret must be entered again. */
export class SecretDestinationError extends SecretBoxError {}

export class SecretBox {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    if (serverSecret.length < 16)
      throw new Error('SecretBox needs a server secret of 16+ characters');
    this.#key = deriveKey(serverSecret, 'stored-secrets');
  }

  seal(plain: string): string {
    return [VERSION, ...this.#encrypt(plain)].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, data, ...rest] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || data === undefined || rest.length > 0) {
      throw new SecretBoxError('Stored secret is not in a form this server can read');
    }
    return this.#decrypt(iv, tag, data);
  }

  /** Seals a secret that may only ever be used for `destination` (see above). */
  sealFor(plain: string, destination: string): string {
    return [BOUND, fingerprint(destination), ...this.#encrypt(plain, aad(destination))].join('.');
  }

  /**
   * Opens a secret sealed with `sealFor` for this very destination. Throws a
   * SecretDestinationError when it was sealed for another one, and a SecretBoxError for an
   * unbound (`v1`) value or one this server cannot decrypt.
   */
  openFor(sealed: string, destination: string): string {
    const [version, print, iv, tag, data, ...rest] = sealed.split('.');
    if (version === VERSION) {
      throw new SecretBoxError('Stored secret is not bound to its destination; enter it again');
    }
    if (version !== BOUND || !print || !iv || !tag || data === undefined || rest.length > 0) {
      throw new SecretBoxError('Stored secret is not in a form this server can read');
    }
    if (print !== fingerprint(destination)) {
      throw new SecretDestinationError(
        'The stored secret was saved for another destination; enter it again',
      );
    }
    return this.#decrypt(iv, tag, data, aad(destination));
  }

  /** Whether `sealed` is bound to a destination (v2), as opposed to a plain v1 value. */
  static isBound(sealed: string): boolean {
    return sealed.startsWith(`${BOUND}.`);
  }

  #encrypt(plain: string, additional?: Buffer): string[] {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    if (additional) cipher.setAAD(additional);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const tag = cipher.getAuthTag();
    return [iv, tag, data].map((p) => p.toString('base64url'));
  }

  #decrypt(iv: string, tag: string, data: string, additional?: Buffer): string {
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.#key, Buffer.from(iv, 'base64url'));
      if (additional) decipher.setAAD(additional);
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

const aad = (destination: string) => Buffer.from(`cutout:destination:${destination}`, 'utf8');

function fingerprint(destination: string): string {
  return createHash('sha256')
    .update(`cutout:destination:${destination}`)
    .digest('base64url')
    .slice(0, 16);
}

/** What the browser may see of a stored secret: that there is one, and not one character of it. */
export const SECRET_MASK = '••••';

export function maskSecret(plain: string): string {
  return plain === '' ? '' : SECRET_MASK;
}
