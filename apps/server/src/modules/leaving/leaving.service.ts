import { leavingTexts, type SessionUser } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import type { Auth } from '../accounts/auth.js';
import type { DepartedAddressKey } from '../credits/departed-addresses.js';
import type { ObjectStore } from '../storage/object-store.js';
import { findUserById } from '../users/users.repository.js';
import { passwordHashOf } from './account-erasure.repository.js';
import { eraseAccountIn, eraseStoredFiles } from './account-erasure.js';

// A customer deleting their own account (DELETE /api/me, decision 0270): the password first,
// then the one erasure Admin → Users' delete also runs.

export interface LeavingDeps {
  db: Db;
  auth: Auth;
  store: ObjectStore;
  departedAddressKey: DepartedAddressKey;
}

const wrongPassword = () =>
  new AppError(400, 'validation_failed', leavingTexts.wrongPassword, {
    password: leavingTexts.wrongPassword,
  });

/** Checks the password against the stored hash (the same scrypt pair sign-in uses). */
async function passwordMatches(deps: LeavingDeps, userId: string, password: string) {
  if (password === '') return false;
  const hash = await passwordHashOf(deps.db, userId);
  if (!hash) return false;
  const ctx = await deps.auth.$context;
  return ctx.password.verify({ hash, password });
}

export async function deleteOwnAccount(
  deps: LeavingDeps,
  user: SessionUser,
  password: string,
  ip: string,
): Promise<void> {
  if (!(await passwordMatches(deps, user.id, password))) throw wrongPassword();
  const jobIds = await deps.db.transaction().execute(async (trx) => {
    const row = await findUserById(trx, user.id);
    if (!row) throw notFound('Account not found.');
    return eraseAccountIn(
      trx,
      deps.departedAddressKey,
      {
        id: row.id,
        email: row.email,
        name: row.name,
        role: row.role,
        // Signed in, so not deactivated (a deactivation ends every session).
        active: true,
      },
      { actor: 'self', ip },
    );
  });
  await eraseStoredFiles(deps.store, jobIds);
}
