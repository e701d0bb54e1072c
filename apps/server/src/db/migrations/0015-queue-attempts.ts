import type { Kysely } from 'kysely';

// Scale-out mode (issue 17, decision 0112): a job can be taken over by another worker when the
// one running it dies. Each run claims the job by raising `attempts`, and every later write of
// that run (progress, completion with its charge, failure) is conditional on the number it
// claimed, so a worker that lost its claim can no longer change or charge the job.

export function queueAttempts() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('jobs')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('jobs').dropColumn('attempts').execute();
    },
  };
}
