import { randomUUID } from 'node:crypto';
import type { AuditAction } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { insertAuditEntry, listAuditEntries, type AuditQuery } from './audit.repository.js';

// The one way anything writes to the audit log. A service records inside its own transaction
// (pass the trx as `db`) so a change and its audit entry land together or not at all.

export interface AuditActor {
  id: string | null;
  email: string | null;
}

/** Who does an admin action, and from where (built from a request by `acting`, ./acting.ts). */
export interface Acting {
  actor: AuditActor & { id: string };
  ip: string;
}

export interface AuditInput {
  /** Who did it; `system` for scheduled work and provider webhooks. */
  actor: AuditActor | 'system';
  /** Dotted verb from the contracts' `auditActions`, the only list of them. */
  action: AuditAction;
  target?: { type: string; id: string };
  /** Facts of the change; stored as JSON. Never put a password, token or key here. */
  detail?: Record<string, unknown>;
  ip?: string | null;
  /** Defaults to now; tests pass their clock. */
  at?: Date;
}

export interface AuditEntry {
  id: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  detail: Record<string, unknown> | null;
  ip: string | null;
  createdAt: string;
}

export async function recordAudit(db: Db, input: AuditInput): Promise<string> {
  const id = randomUUID();
  const actor = input.actor === 'system' ? { id: null, email: null } : input.actor;
  await insertAuditEntry(db, {
    id,
    actor_id: actor.id,
    actor_email: actor.email,
    action: input.action,
    target_type: input.target?.type ?? null,
    target_id: input.target?.id ?? null,
    detail: input.detail === undefined ? null : JSON.stringify(input.detail),
    ip: input.ip ?? null,
    created_at: (input.at ?? new Date()).toISOString(),
  });
  return id;
}

export async function auditEntries(
  db: Db,
  query: Partial<AuditQuery> & { limit?: number } = {},
): Promise<AuditEntry[]> {
  const limit = Math.min(Math.max(query.limit ?? 50, 1), 200);
  const rows = await listAuditEntries(db, { ...query, limit });
  return rows.map((row) => ({
    id: row.id,
    actorId: row.actor_id,
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
    ip: row.ip,
    createdAt: row.created_at,
  }));
}
