import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

// Sessions are stored as the SHA-256 of their tokens from now on (decision 0101). Sessions
// created before keep working: their stored raw tokens are replaced by their hashes here.
// The hash is written out rather than imported, so this migration stays what it was.

export function hashedSessionTokens() {
  return {
    async up(db: Kysely<unknown>) {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      const sessions = db as Kysely<any>;
      const rows = (await sessions.selectFrom('sessions').select(['id', 'token']).execute()) as {
        id: string;
        token: string;
      }[];
      for (const row of rows) {
        const hash = createHash('sha256').update(row.token, 'utf8').digest('hex');
        await sessions
          .updateTable('sessions')
          .set({ token: hash })
          .where('id', '=', row.id)
          .execute();
      }
    },
    async down(db: Kysely<unknown>) {
      // Hashes cannot be turned back into tokens: every session ends.
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      await (db as Kysely<any>).deleteFrom('sessions').execute();
    },
  };
}
