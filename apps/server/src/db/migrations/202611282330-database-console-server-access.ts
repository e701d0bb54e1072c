import type { Kysely } from 'kysely';

// The admin's database console refuses what reaches the database server's files, programs and
// network unless the admin turns on "Allow server files and programs" for a connection that
// allows writes (issue 36, decision 0266). Every connection starts with it off.

export function databaseConsoleServerAccess() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('database_connections')
        .addColumn('allow_server_access', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema
        .alterTable('database_connections')
        .dropColumn('allow_server_access')
        .execute();
    },
  };
}
