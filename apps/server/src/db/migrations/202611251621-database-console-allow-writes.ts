import type { Kysely } from 'kysely';

// The admin's database console is read-only unless a connection allows writes (issue 24,
// decision 0131). Existing connections start read-only: writes become an explicit choice.

export function databaseConsoleAllowWrites() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('database_connections')
        .addColumn('allow_writes', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('database_connections').dropColumn('allow_writes').execute();
    },
  };
}
