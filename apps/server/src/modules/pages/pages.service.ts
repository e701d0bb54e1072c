import { randomUUID } from 'node:crypto';
import { recordAudit } from '../audit/audit.service.js';
import {
  auditActions,
  pagesTexts,
  seoScore,
  slugKey,
  slugProblem,
  type Page,
  type PageInput,
  type PageListResponse,
  type PageStats,
  type PageStatus,
  type PageTemplate,
  type PublicPage,
  type SessionUser,
} from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, notFound } from '../../errors.js';
import { isSafeImageUrl, sanitizePageHtml } from './page-html.js';
import {
  countByStatus,
  countPages,
  deletePage as deletePageRow,
  findPageById,
  findPageBySlugKey,
  insertPage,
  listPages as listPageRows,
  listPublishedSlugs,
  updatePage as updatePageRow,
  type PageRow,
} from './pages.repository.js';

// The pages CMS's rules (spec §5, §7): admins write, everyone reads published pages by slug.
// Every write stores the HTML sanitized and the §5 SEO score of what is stored; every read that
// renders sanitizes again (decision 0091).
//
// Every write is audited in the same transaction as the change (decision 0069).
const auditActor = (actor: SessionUser) => ({ id: actor.id, email: actor.email });

const slugTaken = () =>
  new AppError(409, 'conflict', pagesTexts.slugTaken, { slug: pagesTexts.slugTaken });
const pageNotFound = () => notFound(pagesTexts.notFound);

function toPage(row: PageRow): Page {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status,
    template: row.template,
    content: row.content,
    excerpt: row.excerpt,
    meta_title: row.meta_title,
    meta_description: row.meta_description,
    meta_keywords: row.meta_keywords,
    featured_image: row.featured_image,
    author: row.author,
    seo_score: row.seo_score,
    last_edited: row.last_edited,
    created_at: row.created_at,
    created_by: row.created_by,
    updated_by: row.updated_by,
  };
}

/** A page as a visitor gets it: its HTML sanitized again, no account ids. */
export function toPublicPage(row: PageRow): PublicPage {
  const { created_by: _createdBy, updated_by: _updatedBy, ...page } = toPage(row);
  return {
    ...page,
    content: sanitizePageHtml(row.content),
    featured_image: isSafeImageUrl(row.featured_image) ? row.featured_image : '',
  };
}

/** The columns a write stores: the input with its HTML sanitized and its score computed. */
function storedFields(input: PageInput) {
  const content = sanitizePageHtml(input.content);
  const fields = { ...input, content };
  return { ...fields, slug_key: slugKey(input.slug), seo_score: seoScore(fields) };
}

function checkSlug(slug: string): void {
  const problem = slugProblem(slug);
  if (problem) throw new AppError(400, 'validation_failed', problem, { slug: problem });
}

function checkContent(content: string): void {
  // HTML that is nothing but what the sanitizer removes (a lone <script>) leaves no content.
  if (content.trim() === '') {
    throw new AppError(400, 'validation_failed', pagesTexts.requiredFields, {
      content: pagesTexts.requiredFields,
    });
  }
}

export async function createPage(
  db: Db,
  input: PageInput,
  actor: SessionUser,
  ip: string | null = null,
): Promise<Page> {
  checkSlug(input.slug);
  const fields = storedFields(input);
  checkContent(fields.content);
  if (await findPageBySlugKey(db, fields.slug_key)) throw slugTaken();
  const now = new Date().toISOString();
  const id = randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      await insertPage(trx, {
        id,
        ...fields,
        last_edited: now,
        created_by: actor.id,
        updated_by: actor.id,
        created_at: now,
        updated_at: now,
      });
      await recordAudit(trx, {
        actor: auditActor(actor),
        action: auditActions.pageCreate,
        target: { type: 'page', id },
        detail: { after: { title: fields.title, slug: fields.slug, status: fields.status } },
        ip,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(); // lost a race with another save
    throw error;
  }
  return toPage((await findPageById(db, id))!);
}

export async function updatePage(
  db: Db,
  id: string,
  input: PageInput,
  actor: SessionUser,
  ip: string | null = null,
): Promise<Page> {
  checkSlug(input.slug);
  const fields = storedFields(input);
  checkContent(fields.content);
  const holder = await findPageBySlugKey(db, fields.slug_key);
  if (holder && holder.id !== id) throw slugTaken();
  const now = new Date().toISOString();
  const before = await findPageById(db, id);
  let updated = false;
  try {
    await db.transaction().execute(async (trx) => {
      updated = await updatePageRow(trx, id, {
        ...fields,
        last_edited: now,
        updated_by: actor.id,
        updated_at: now,
      });
      if (!updated || !before) return;
      await recordAudit(trx, {
        actor: auditActor(actor),
        action: auditActions.pageUpdate,
        target: { type: 'page', id },
        detail: {
          before: { title: before.title, slug: before.slug, status: before.status },
          after: { title: fields.title, slug: fields.slug, status: fields.status },
          contentChanged: before.content !== fields.content,
        },
        ip,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
  if (!updated) throw pageNotFound();
  return toPage((await findPageById(db, id))!);
}

export async function deletePage(
  db: Db,
  id: string,
  actor: SessionUser,
  ip: string | null = null,
): Promise<void> {
  const before = await findPageById(db, id);
  const deleted = await db.transaction().execute(async (trx) => {
    if (!(await deletePageRow(trx, id))) return false;
    await recordAudit(trx, {
      actor: auditActor(actor),
      action: auditActions.pageDelete,
      target: { type: 'page', id },
      detail: { before: { title: before?.title, slug: before?.slug, status: before?.status } },
      ip,
    });
    return true;
  });
  if (!deleted) throw pageNotFound();
}

export async function getPage(db: Db, id: string): Promise<Page> {
  const row = await findPageById(db, id);
  if (!row) throw pageNotFound();
  return toPage(row);
}

export async function listPages(
  db: Db,
  query: {
    page: number;
    per_page: number;
    status?: PageStatus | undefined;
    template?: PageTemplate | undefined;
    search?: string | undefined;
  },
): Promise<PageListResponse> {
  const filter = {
    status: query.status,
    template: query.template,
    search: query.search || undefined,
  };
  const [rows, total] = await Promise.all([
    listPageRows(db, filter, { limit: query.per_page, offset: (query.page - 1) * query.per_page }),
    countPages(db, filter),
  ]);
  return {
    pages: rows.map((row) => ({ ...row, content_length: Number(row.content_length) })),
    total,
  };
}

export async function pageStats(db: Db): Promise<PageStats> {
  const counts = await countByStatus(db);
  return { total: counts.draft + counts.published + counts.archived, ...counts };
}

/**
 * The page at a visitor's address (any case, trailing slash or not), or undefined. Drafts and
 * archived pages exist only for admins previewing them (`preview`).
 */
export async function findVisiblePage(
  db: Db,
  pathname: string,
  { preview }: { preview: boolean },
): Promise<PageRow | undefined> {
  const row = await findPageBySlugKey(db, slugKey(pathname));
  if (!row) return undefined;
  return row.status === 'published' || preview ? row : undefined;
}

/** GET /api/pages/slug/{slug}: published pages for everyone, any page for an admin's preview. */
export async function publicPageBySlug(
  db: Db,
  slug: string,
  { preview }: { preview: boolean },
): Promise<PublicPage> {
  const row = await findVisiblePage(db, slug, { preview });
  if (!row) throw pageNotFound();
  return toPublicPage(row);
}

/** The published pages' addresses and edit times, for the sitemap. */
export async function sitemapPages(db: Db): Promise<{ slug: string; last_edited: string }[]> {
  return listPublishedSlugs(db);
}
