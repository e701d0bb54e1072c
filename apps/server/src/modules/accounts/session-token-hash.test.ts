import { createHash, createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { cookieFrom, onBothDialects, signIn, signUp } from '../../test/accounts.js';
import { hashedSessionTokens } from '../../db/migrations/0012-hashed-session-tokens.js';

// Sessions are stored as hashes of their tokens (decision 0101): the database alone, or the
// database and the server secret together, give no working session.

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** better-auth's cookie: `${token}.${base64 HMAC-SHA256(secret, token)}`, URL-encoded. */
function signedCookie(token: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(token).digest('base64');
  return `cutout.session_token=${encodeURIComponent(`${token}.${signature}`)}`;
}

onBothDialects('session tokens at rest', (get) => {
  const whoAmI = async (cookie: string) =>
    (await get().app.inject({ url: '/api/me', headers: { cookie } })).statusCode;
  const secret = () => readFileSync(path.join(get().config.dataDir, 'auth-secret'), 'utf8').trim();
  const storedTokens = async (userId: string) =>
    (
      await get()
        .app.database.db.selectFrom('sessions')
        .select(['id', 'token'])
        .where('user_id', '=', userId)
        .execute()
    ).map((r) => r.token);

  it('stores the SHA-256 of the token, and a cookie made from the stored value does not work', async () => {
    const user = await signUp(get().app);
    const token = decodeURIComponent(user.cookie.split('=')[1]!).split('.')[0]!;
    // The cookie we forge below is made exactly like a real one (checked on the real one first).
    expect(signedCookie(token, secret())).toBe(user.cookie);
    expect(await whoAmI(user.cookie)).toBe(200);

    const stored = await storedTokens(user.id);
    expect(stored).toEqual([sha256(token)]);
    expect(await whoAmI(signedCookie(stored[0]!, secret()))).toBe(401);
  });

  it('signs out (deletes the row by its hash) and keeps the current session on password change', async () => {
    const { app } = get();
    const user = await signUp(app);
    const otherCookie = cookieFrom(await signIn(app, user.email, user.password));
    expect(await storedTokens(user.id)).toHaveLength(2);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: user.cookie },
      payload: {
        currentPassword: user.password,
        newPassword: 'another horse battery',
        confirmNewPassword: 'another horse battery',
      },
    });
    expect(changed.statusCode).toBe(200);
    expect(await whoAmI(user.cookie)).toBe(200);
    expect(await whoAmI(otherCookie)).toBe(401);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(await storedTokens(user.id)).toHaveLength(0);
  });

  it('migrates sessions stored before as raw tokens, so they keep working', async () => {
    const { app } = get();
    const user = await signUp(app);
    const token = decodeURIComponent(user.cookie.split('=')[1]!).split('.')[0]!;
    // What a database from before this change holds: the raw token.
    await app.database.db
      .updateTable('sessions')
      .set({ token })
      .where('user_id', '=', user.id)
      .execute();
    expect(await whoAmI(user.cookie)).toBe(401);
    // Migrations take the database as it was then, untyped.
    await hashedSessionTokens().up(app.database.db as unknown as Kysely<unknown>);
    expect(await storedTokens(user.id)).toEqual([sha256(token)]);
    expect(await whoAmI(user.cookie)).toBe(200);
  });
});
