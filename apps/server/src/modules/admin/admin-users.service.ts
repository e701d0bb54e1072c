import { randomUUID } from 'node:crypto';
import {
  accountTexts,
  adminRuleTexts,
  auditActions,
  authTexts,
  type AdminPlan,
  type AdminUser,
  type AdminUserStats,
  type AdminUsersResponse,
  type Role,
  type UserProfile,
  type UserStatus,
} from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, conflict, notFound } from '../../errors.js';
import type { Auth } from '../accounts/auth.js';
import { recordAudit, type Acting } from '../audit/audit.service.js';
import { adjustCredits } from '../credits/credits.service.js';
import { type DepartedAddressKey } from '../credits/departed-addresses.js';
import { eraseAccountIn, eraseStoredFiles } from '../leaving/account-erasure.js';
import type { ObjectStore } from '../storage/object-store.js';
import {
  deleteSessionsOfUser,
  findUserByEmail,
  findUserById,
  setUserRole,
} from '../users/users.repository.js';
import { toProfile } from '../users/users.service.js';
import {
  countFilteredUsers,
  findAdminUserRow,
  hasPurchased,
  insertUser,
  listUserPage,
  lockOtherActiveAdmins,
  setAdminPlan,
  setBanned,
  setUsagePeriod,
  userStats,
  type AdminUserRow,
  type UserFilters,
} from './admin-users.repository.js';

// User Management (spec §2, §3, §4, §5, §6, §8; docs/decisions/0085, 0086). Every change runs in
// one transaction with its audit entry; a credit change goes through the credits module's ledger
// ('adjustment', naming the admin and the reason). The admin rules: nobody deactivates, demotes
// or deletes themselves, and the last active admin stays.

export interface AdminUsersDeps {
  db: Db;
  auth: Auth;
  store: ObjectStore;
  /** deriveKey 'departed-addresses' (decision 0270). */
  departedAddressKey: DepartedAddressKey;
}

export function toAdminUser(row: AdminUserRow): AdminUser {
  const processed = Number(row.processed);
  const credits = Number(row.credits);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: Number(row.inactive) === 1 ? 'inactive' : 'active',
    plan: row.plan as AdminPlan,
    planSource: row.admin_plan === null ? 'purchases' : 'admin',
    imagesLimit: credits + processed,
    imagesProcessed: processed,
    credits,
    lastPack: row.last_pack ?? null,
    joined: row.created_at,
    usageSince: row.usage_reset_at ?? row.created_at,
  };
}

export async function listUsers(
  db: Db,
  query: UserFilters & { page: number; perPage: number },
): Promise<AdminUsersResponse> {
  const filters: UserFilters = {
    search: query.search,
    plan: query.plan,
    status: query.status,
  };
  const [rows, total] = await Promise.all([
    listUserPage(db, filters, {
      limit: query.perPage,
      offset: (query.page - 1) * query.perPage,
    }),
    countFilteredUsers(db, filters),
  ]);
  return { users: rows.map(toAdminUser), total, page: query.page, perPage: query.perPage };
}

export async function usersStats(db: Db, now = new Date()): Promise<AdminUserStats> {
  const since = new Date(now.getTime() - 7 * 86_400_000).toISOString();
  const s = await userStats(db, since);
  return {
    total: s.total,
    active: s.total - s.inactive,
    inactive: s.inactive,
    admins: s.admins,
    newLast7Days: s.recent,
    byPlan: { free: s.total - s.pro - s.enterprise, pro: s.pro, enterprise: s.enterprise },
  };
}

async function loadUser(db: Db, id: string): Promise<AdminUser> {
  const row = await findAdminUserRow(db, id);
  if (!row) throw notFound(authTexts.userNotFound);
  return toAdminUser(row);
}

export async function getAdminUser(db: Db, id: string): Promise<AdminUser> {
  return loadUser(db, id);
}

const snapshot = (u: AdminUser) => ({
  plan: u.plan,
  planSource: u.planSource,
  imagesLimit: u.imagesLimit,
  imagesProcessed: u.imagesProcessed,
  credits: u.credits,
  status: u.status,
});

/** Refuses to act on oneself, or to leave no active admin. Call inside the transaction. */
async function guardAdminRemoval(
  trx: Db,
  acting: Acting,
  target: { id: string; role: Role; status: UserStatus },
  what: keyof typeof adminRuleTexts.notYourself,
): Promise<void> {
  // The last active admin first: that is the rule whoever asks (the existing admin tests).
  if (
    target.role === 'admin' &&
    target.status === 'active' &&
    (await lockOtherActiveAdmins(trx, target.id)) === 0
  ) {
    throw conflict(accountTexts.lastAdmin);
  }
  if (target.id === acting.actor.id) throw conflict(adminRuleTexts.notYourself[what]);
}

async function applyStatus(
  trx: Db,
  acting: Acting,
  before: AdminUser,
  status: UserStatus,
  reason: string | null,
): Promise<void> {
  if (status === before.status) return;
  if (status === 'inactive') {
    await guardAdminRemoval(trx, acting, before, 'deactivate');
    await setBanned(trx, before.id, true, reason ?? 'Deactivated by an admin');
    // The sessions table is the one better-auth reads (cookie cache off): its rows gone, the
    // user is signed out everywhere at once; the ban makes better-auth refuse a new sign-in.
    await deleteSessionsOfUser(trx, before.id);
  } else {
    await setBanned(trx, before.id, false, null);
  }
  await recordAudit(trx, {
    actor: acting.actor,
    action: status === 'inactive' ? auditActions.userDeactivate : auditActions.userActivate,
    target: { type: 'user', id: before.id },
    detail: {
      email: before.email,
      before: { status: before.status },
      after: { status },
      ...(reason ? { reason } : {}),
    },
    ip: acting.ip,
  });
}

/**
 * PUT /api/admin/users/{id}: Edit Subscription (plan, image limit, images processed) and the
 * status toggle. Image Limit is credits left plus images processed, so a new limit sets the
 * credits to `limit − processed` with one 'adjustment' ledger row.
 */
export async function updateUser(
  deps: AdminUsersDeps,
  acting: Acting,
  id: string,
  body: {
    plan?: AdminPlan | undefined;
    imagesLimit?: number | undefined;
    imagesProcessed?: number | undefined;
    status?: UserStatus | undefined;
    reason?: string | undefined;
  },
): Promise<AdminUser> {
  const reason = body.reason?.trim() || null;
  return deps.db.transaction().execute(async (trx) => {
    const before = await loadUser(trx, id);
    const now = new Date().toISOString();
    const subscriptionChange =
      body.plan !== undefined ||
      body.imagesLimit !== undefined ||
      body.imagesProcessed !== undefined;

    if (subscriptionChange) {
      if (body.plan !== undefined && body.plan !== before.plan) {
        const derived: AdminPlan = (await hasPurchased(trx, id)) ? 'pro' : 'free';
        await setAdminPlan(trx, id, body.plan === derived ? null : body.plan, now);
      }
      let processed = before.imagesProcessed;
      if (body.imagesProcessed !== undefined && body.imagesProcessed !== processed) {
        processed = body.imagesProcessed;
        await setUsagePeriod(trx, id, processed, now);
      }
      if (body.imagesLimit !== undefined && body.imagesLimit !== before.imagesLimit) {
        const credits = body.imagesLimit - processed;
        if (credits < 0) {
          throw new AppError(400, 'validation_failed', adminRuleTexts.limitBelowProcessed, {
            imagesLimit: adminRuleTexts.limitBelowProcessed,
          });
        }
        if (credits !== before.credits) {
          await adjustCredits(
            trx,
            id,
            { credits, operation: 'set' },
            acting.actor.id,
            reason ?? `image limit set to ${body.imagesLimit}`,
          );
        }
      }
      const after = await loadUser(trx, id);
      await recordAudit(trx, {
        actor: acting.actor,
        action: auditActions.userUpdate,
        target: { type: 'user', id },
        detail: {
          email: before.email,
          before: snapshot(before),
          after: snapshot(after),
          ...(reason ? { reason } : {}),
        },
        ip: acting.ip,
      });
    }

    if (body.status !== undefined) await applyStatus(trx, acting, before, body.status, reason);
    return loadUser(trx, id);
  });
}

/**
 * Adjust credits: adds or removes `amount` with the admin's reason, as one 'adjustment' ledger
 * row and one audit entry in the same transaction; never below 0 (decision 0127).
 */
export async function adjustUserCredits(
  deps: AdminUsersDeps,
  acting: Acting,
  id: string,
  amount: number,
  reason: string,
): Promise<AdminUser> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await loadUser(trx, id);
    await adjustCredits(
      trx,
      id,
      { credits: Math.abs(amount), operation: amount > 0 ? 'add' : 'subtract' },
      acting.actor.id,
      reason,
    );
    const after = await loadUser(trx, id);
    await recordAudit(trx, {
      actor: acting.actor,
      action: auditActions.userCredits,
      target: { type: 'user', id },
      detail: {
        email: before.email,
        amount,
        reason,
        before: { credits: before.credits, imagesLimit: before.imagesLimit },
        after: { credits: after.credits, imagesLimit: after.imagesLimit },
      },
      ip: acting.ip,
    });
    return after;
  });
}

/** Reset Usage: a new period starts now with nothing processed; credits are not touched. */
export async function resetUsage(
  deps: AdminUsersDeps,
  acting: Acting,
  id: string,
  reason?: string,
): Promise<AdminUser> {
  return deps.db.transaction().execute(async (trx) => {
    const before = await loadUser(trx, id);
    await setUsagePeriod(trx, id, 0, new Date().toISOString());
    const after = await loadUser(trx, id);
    await recordAudit(trx, {
      actor: acting.actor,
      action: auditActions.userResetUsage,
      target: { type: 'user', id },
      detail: {
        email: before.email,
        before: snapshot(before),
        after: snapshot(after),
        ...(reason?.trim() ? { reason: reason.trim() } : {}),
      },
      ip: acting.ip,
    });
    return after;
  });
}

/**
 * Delete User: the one erasure a customer's own deletion also runs (decision 0270, which changed
 * 0085): sessions, credential, API keys, jobs and stored files go; invoices stay as issued;
 * orders, ledger rows and audit entries stay with the name and address replaced.
 */
export async function deleteUser(deps: AdminUsersDeps, acting: Acting, id: string): Promise<void> {
  const jobIds = await deps.db.transaction().execute(async (trx) => {
    const before = await loadUser(trx, id);
    await guardAdminRemoval(trx, acting, before, 'delete');
    return eraseAccountIn(
      trx,
      deps.departedAddressKey,
      { ...before, active: before.status === 'active' },
      {
        actor: acting.actor,
        ip: acting.ip,
        detail: { before: { ...snapshot(before), role: before.role } },
      },
    );
  });
  await eraseStoredFiles(deps.store, jobIds);
}

/** PATCH /api/admin/users/{id}/role: nobody demotes themselves or the last active admin. */
export async function setRole(
  deps: AdminUsersDeps,
  acting: Acting,
  id: string,
  role: Role,
): Promise<UserProfile> {
  return deps.db.transaction().execute(async (trx) => {
    const user = await loadUser(trx, id);
    if (user.role === role) return toProfile((await findUserById(trx, id))!);
    if (user.role === 'admin') await guardAdminRemoval(trx, acting, user, 'demote');
    await setUserRole(trx, id, role, new Date().toISOString());
    await recordAudit(trx, {
      actor: acting.actor,
      action: auditActions.userRole,
      target: { type: 'user', id },
      detail: { email: user.email, before: { role: user.role }, after: { role } },
      ip: acting.ip,
    });
    return toProfile((await findUserById(trx, id))!);
  });
}

/**
 * Add User: the account with the chosen plan and status, no password; a set-password link goes
 * out through the password-reset mail path (better-auth creates the credential when the link is
 * used). Using the link confirms the address, which grants the free credits (decision 0265); an
 * account added inactive gets no link until it is active and asks for one. 409 'User with this email already exists'.
 */
export async function createUser(
  deps: AdminUsersDeps,
  acting: Acting,
  body: { name: string; email: string; plan: AdminPlan; status: UserStatus },
): Promise<AdminUser> {
  const id = randomUUID();
  try {
    await deps.db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, body.email)) throw conflict(authTexts.userExists);
      const now = new Date().toISOString();
      await insertUser(trx, {
        id,
        name: body.name,
        email: body.email,
        adminPlan: body.plan === 'free' ? null : body.plan,
        now,
      });
      if (body.status === 'inactive')
        await setBanned(trx, id, true, 'Created inactive by an admin');
      await recordAudit(trx, {
        actor: acting.actor,
        action: auditActions.userCreate,
        target: { type: 'user', id },
        detail: {
          email: body.email,
          name: body.name,
          after: { plan: body.plan, status: body.status },
        },
        ip: acting.ip,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(authTexts.userExists);
    throw error;
  }
  await deps.auth.api.requestPasswordReset({ body: { email: body.email } });
  return loadUser(deps.db, id);
}
