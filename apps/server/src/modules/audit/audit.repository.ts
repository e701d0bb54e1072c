import type { Db } from '../../db/database.js';
import type { AuditLogTable } from '../../db/schema.js';

export type AuditRow = Omit<AuditLogTable, 'created_at'> & { created_at: string };

export async function insertAuditEntry(db: Db, row: AuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

export interface AuditQuery {
  limit: number;
  /** Entries strictly older than this ISO timestamp (keyset pagination, newest first). */
  before?: string;
  /** Entries whose action starts with this prefix ('user.' for every user action). */
  actionPrefix?: string;
  targetType?: string;
  targetId?: string;
  actorId?: string;
  /** The actor's e-mail as recorded (exact, lowercase). */
  actorEmail?: string;
  /** Entries at or after this ISO timestamp. */
  since?: string;
}

export async function listAuditEntries(db: Db, query: AuditQuery): Promise<AuditRow[]> {
  let q = db.selectFrom('audit_log').selectAll();
  if (query.before) q = q.where('created_at', '<', query.before);
  if (query.actionPrefix) q = q.where('action', 'like', `${escapeLike(query.actionPrefix)}%`);
  if (query.targetType) q = q.where('target_type', '=', query.targetType);
  if (query.targetId) q = q.where('target_id', '=', query.targetId);
  if (query.actorId) q = q.where('actor_id', '=', query.actorId);
  if (query.actorEmail) q = q.where('actor_email', '=', query.actorEmail.toLowerCase());
  if (query.since) q = q.where('created_at', '>=', query.since);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit).execute();
}

// LIKE has no portable ESCAPE default; prefixes are dotted words, so refuse the wildcards instead.
function escapeLike(prefix: string): string {
  return prefix.replace(/[%_\\]/g, '');
}
