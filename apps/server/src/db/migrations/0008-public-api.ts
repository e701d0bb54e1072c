import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// The public API (issue 13): a job's size. Previews (at most 0.25 MP, free within a monthly
// allowance) are processed at that size and charged nothing; every other job is 'full'
// (docs/decisions/0081).

export function publicApi(_ctx: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('jobs')
        .addColumn('size', 'text', (c) =>
          c
            .notNull()
            .defaultTo('full')
            .check(sql`size in ('full', 'preview')`),
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('jobs').dropColumn('size').execute();
    },
  };
}
