import type { Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// Deleted accounts' addresses, kept only as a keyed hash (HMAC-SHA256 with the server's
// 'departed-addresses' key) of the normalised address: the address may sign up again, as a new
// account, but gets no second free grant (decision 0270). Nothing here can be read back into an
// address without the server's secret.

export function departedAddresses({ timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('departed_addresses')
        .addColumn('address_hash', 'text', (c) => c.primaryKey())
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('departed_addresses').execute();
    },
  };
}
