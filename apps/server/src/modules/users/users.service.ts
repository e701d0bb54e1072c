import {
  auditActions,
  authTexts,
  type SessionUser,
  type UpdateCreditsBody,
  type UpdateProfileBody,
  type OwnUsage,
  type UserProfile,
} from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { findBalance } from '../credits/credits.repository.js';
import { adjustCredits } from '../credits/credits.service.js';
import { previewsLeft, usageOf } from '../jobs/jobs.service.js';
import { isUniqueViolation } from '../../db/errors.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { AppError, conflict, forbidden, notFound } from '../../errors.js';
import {
  deleteAllNonAdmins,
  findFirstAdmin,
  findUserByEmail,
  findUserById,
  setUserEmail,
  setUserProfile,
} from './users.repository.js';

// Users as the spec's §7 calls see them, and the admin rules: there is always at least one
// admin (spec §6 "exactly one admin account is guaranteed to exist"; docs/decisions/0032).

type ProfileRow = NonNullable<Awaited<ReturnType<typeof findUserById>>>;

export function toProfile(row: ProfileRow): UserProfile {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    credits: Number(row.credits),
    accountType: row.account_type,
    createdAt: row.created_at,
    emailVerified: Boolean(row.email_verified),
  };
}

/** GET /users/{id}: the user themself or an admin. Others get 403 whether or not it exists. */
export async function getProfile(db: Db, viewer: SessionUser, id: string): Promise<UserProfile> {
  if (viewer.id !== id && viewer.role !== 'admin') throw forbidden();
  const row = await findUserById(db, id);
  if (!row) throw notFound(authTexts.userNotFound);
  return toProfile(row);
}

export async function getOwnProfile(db: Db, viewer: SessionUser): Promise<UserProfile> {
  const row = await findUserById(db, viewer.id);
  if (!row) throw new AppError(401, 'unauthorized', authTexts.notAuthenticated);
  return toProfile(row);
}

/** PATCH /api/me: the user's own name and account type (/dashboard/settings). */
export async function updateOwnProfile(
  db: Db,
  viewer: SessionUser,
  body: UpdateProfileBody,
): Promise<UserProfile> {
  const changes = {
    ...(body.name !== undefined ? { name: body.name } : {}),
    ...(body.accountType !== undefined ? { account_type: body.accountType } : {}),
  };
  if (Object.keys(changes).length > 0) {
    const updated = await setUserProfile(db, viewer.id, changes, new Date().toISOString());
    if (updated === 0) throw new AppError(401, 'unauthorized', authTexts.notAuthenticated);
  }
  return getOwnProfile(db, viewer);
}

// Role changes and deletions with the admin rules: modules/admin/admin-users.service.ts.

/** Admin Setup: which account is the admin. */
export async function currentAdminEmail(db: Db): Promise<string> {
  const admin = await findFirstAdmin(db);
  if (!admin) throw notFound(authTexts.userNotFound);
  return admin.email;
}

/**
 * Admin Setup: delete every user except the admins (their sessions and ledgers go with them),
 * recorded in the audit log in the same transaction.
 */
export async function clearUsers(db: Db, by: { actor: AuditActor; ip: string }): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const deleted = await deleteAllNonAdmins(trx);
    await recordAudit(trx, {
      actor: by.actor,
      action: auditActions.usersClear,
      target: { type: 'users', id: 'all-non-admins' },
      detail: { deleted },
      ip: by.ip,
    });
    return deleted;
  });
}

/**
 * An admin sets, adds to or subtracts from a user's credits (spec §7 PATCH /users/{id}/credits),
 * recorded in the audit log with the balance before and after, in one transaction.
 */
export async function adjustUserCredits(
  db: Db,
  admin: SessionUser,
  id: string,
  body: Required<UpdateCreditsBody>,
  by: { actor: AuditActor; ip: string },
): Promise<UserProfile> {
  await db.transaction().execute(async (trx) => {
    const before = await getProfile(trx, admin, id);
    const after = await adjustCredits(trx, id, body, admin.id);
    await recordAudit(trx, {
      actor: by.actor,
      action: auditActions.userCredits,
      target: { type: 'user', id },
      detail: {
        email: before.email,
        before: { credits: before.credits },
        after: { credits: after },
        operation: body.operation,
        credits: body.credits,
      },
      ip: by.ip,
    });
  });
  return getProfile(db, admin, id);
}

/** Changes an account's e-mail; 409 with the spec's text when another account has it. */
export async function changeEmail(db: Db, id: string, email: string): Promise<void> {
  const other = await findUserByEmail(db, email);
  if (other && other.id !== id) throw conflict(authTexts.userExists);
  try {
    await setUserEmail(db, id, email, new Date().toISOString());
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authTexts.userExists);
    throw error;
  }
}

/**
 * Credits left, images processed (completed jobs) all time and this month, and the free
 * previews left this month: the dashboard's figures.
 */
export async function ownUsage(db: Db, userId: string): Promise<OwnUsage> {
  const [credits, counts, previews] = await Promise.all([
    findBalance(db, userId),
    usageOf(db, userId),
    previewsLeft(db, userId),
  ]);
  return {
    credits: credits ?? 0,
    images_processed: counts.total,
    images_processed_this_month: counts.recent,
    free_previews_left_this_month: previews,
  };
}
