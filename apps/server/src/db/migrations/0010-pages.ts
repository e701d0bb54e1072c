import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from './index.js';

// The pages CMS (spec §3 Page): one row per content page, its HTML stored sanitized, its SEO
// score computed on save. `slug_key` is the slug lowercased: slugs are unique without regard to
// case, because the web app's router matches addresses that way (decision 0090).

export function pages({ timestamp, now }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('pages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('slug_key', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) =>
          c
            .notNull()
            .defaultTo('draft')
            .check(sql`status in ('draft', 'published', 'archived')`),
        )
        .addColumn('template', 'text', (c) =>
          c
            .notNull()
            .defaultTo('default')
            .check(sql`template in ('default', 'landing', 'blog', 'contact', 'about')`),
        )
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('meta_title', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('meta_description', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('meta_keywords', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('featured_image', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('author', 'text', (c) => c.notNull().defaultTo('Admin'))
        .addColumn('seo_score', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_edited', timestamp, (c) => c.notNull().defaultTo(now))
        // Who created and last edited the page; kept (as null) when that account is deleted.
        .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('updated_by', 'text', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', timestamp, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', timestamp, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createIndex('pages_status_last_edited')
        .on('pages')
        .columns(['status', 'last_edited'])
        .execute();
      await db.schema.createIndex('pages_last_edited').on('pages').column('last_edited').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('pages').execute();
    },
  };
}
