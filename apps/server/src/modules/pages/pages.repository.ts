import type { PageStatus, PageTemplate } from '@cutout/contracts';
import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PageTable } from '../../db/schema.js';

export type PageRow = Selectable<PageTable>;
export type NewPageRow = Insertable<PageTable>;
export type PageRowUpdate = Updateable<PageTable>;

export interface PageFilter {
  status?: PageStatus | undefined;
  template?: PageTemplate | undefined;
  /** Matched anywhere in the title or the slug, without regard to case. */
  search?: string | undefined;
}

/** A LIKE pattern matching `text` literally anywhere ('\' escapes % and _). */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function filtered(db: Db, filter: PageFilter) {
  let query = db.selectFrom('pages');
  if (filter.status) query = query.where('status', '=', filter.status);
  if (filter.template) query = query.where('template', '=', filter.template);
  if (filter.search) {
    const pattern = containsPattern(filter.search);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(title)`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(slug)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** One page of the list, most recently edited first, without the HTML (its length instead). */
export async function listPages(
  db: Db,
  filter: PageFilter,
  { limit, offset }: { limit: number; offset: number },
) {
  return filtered(db, filter)
    .select([
      'id',
      'title',
      'slug',
      'status',
      'template',
      'excerpt',
      'meta_title',
      'meta_description',
      'meta_keywords',
      'featured_image',
      'author',
      'seo_score',
      'last_edited',
      'created_at',
      'created_by',
      'updated_by',
      sql<number>`length(content)`.as('content_length'),
    ])
    .orderBy('last_edited', 'desc')
    .orderBy('id')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countPages(db: Db, filter: PageFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many pages have each status. */
export async function countByStatus(db: Db): Promise<Record<PageStatus, number>> {
  const rows = await db
    .selectFrom('pages')
    .select(['status', (eb) => eb.fn.countAll<string | number>().as('n')])
    .groupBy('status')
    .execute();
  const counts: Record<PageStatus, number> = { draft: 0, published: 0, archived: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

export async function findPageById(db: Db, id: string): Promise<PageRow | undefined> {
  return db.selectFrom('pages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findPageBySlugKey(db: Db, slugKey: string): Promise<PageRow | undefined> {
  return db.selectFrom('pages').selectAll().where('slug_key', '=', slugKey).executeTakeFirst();
}

export async function insertPage(db: Db, row: NewPageRow): Promise<void> {
  await db.insertInto('pages').values(row).execute();
}

/** True when a row was updated. */
export async function updatePage(db: Db, id: string, changes: PageRowUpdate): Promise<boolean> {
  const result = await db.updateTable('pages').set(changes).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** True when a row was deleted. */
export async function deletePage(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('pages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Slugs and edit times of the published pages, for the sitemap. */
export async function listPublishedSlugs(db: Db) {
  return db
    .selectFrom('pages')
    .select(['slug', 'last_edited'])
    .where('status', '=', 'published')
    .orderBy('slug')
    .execute();
}
