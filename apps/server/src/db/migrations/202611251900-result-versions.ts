import type { Kysely } from 'kysely';

// Touch-ups (issue 25, decision 0150): a person's edited mask makes a new version of a job's
// results; the model's own results stay as version 0. `result_version` is the version every
// download, zip and API answer serves; `result_edits` counts the versions made, so a new one
// never takes the number (and the files) of an earlier one, even after a reset to version 0.

export function resultVersions() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('jobs')
        .addColumn('result_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('jobs')
        .addColumn('result_edits', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('jobs').dropColumn('result_edits').execute();
      await db.schema.alterTable('jobs').dropColumn('result_version').execute();
    },
  };
}
