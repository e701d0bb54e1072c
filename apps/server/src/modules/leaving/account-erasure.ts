import {
  accountTexts,
  auditActions,
  deletedUserEmail,
  deletedUserName,
  type Role,
} from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { conflict } from '../../errors.js';
import { lockOtherActiveAdmins } from '../admin/admin-users.repository.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { recordDepartedAddress, type DepartedAddressKey } from '../credits/departed-addresses.js';
import type { ObjectStore } from '../storage/object-store.js';
import { deleteUserById } from '../users/users.repository.js';
import {
  anonymiseOrdersOf,
  auditEntriesAbout,
  deleteVerificationsOf,
  jobIdsOf,
  rewriteAuditEntry,
} from './account-erasure.repository.js';

// The one erasure of an account (decision 0270), used by the customer's own deletion
// (DELETE /api/me) and by Admin → Users' delete. What it erases and keeps is the contracts'
// accountDeletionStatement, which the settings dialog and the privacy policy show:
// - at once, in the caller's transaction: the users row, and with it (ON DELETE CASCADE) the
//   sessions, the credential, API keys, jobs, credit lots, checkouts, batches and billing
//   details; the password-reset tokens;
// - after the commit: the stored originals and results (eraseStoredFiles);
// - kept: invoices and credit notes exactly as issued (their frozen data, decision 0126); orders
//   with the buyer's name and address replaced; ledger rows and refund requests (user_id emptied
//   by ON DELETE SET NULL, decision 0009/0085); audit entries with the address and name replaced;
//   a keyed hash of the address (no second free grant).

export interface ErasedAccount {
  id: string;
  email: string;
  name: string;
  role: Role;
  /** Whether it is an active account (a deactivated admin does not count as the last one). */
  active: boolean;
}

/** Replaces every string equal to the address (any case) or the name, however deep. */
function scrub(value: unknown, email: string, name: string, pseudonym: string): unknown {
  if (typeof value === 'string') {
    if (value.toLowerCase() === email.toLowerCase()) return pseudonym;
    if (name !== '' && value === name) return deletedUserName;
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => scrub(v, email, name, pseudonym));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, scrub(v, email, name, pseudonym)]),
    );
  }
  return value;
}

async function anonymiseAuditLog(trx: Db, account: ErasedAccount, pseudonym: string) {
  for (const entry of await auditEntriesAbout(trx, account.id, account.email)) {
    // The name is replaced only in entries about this account: elsewhere the same name may be
    // someone else's. The address is unique to the account, so it goes wherever it appears.
    const aboutAccount =
      entry.actor_id === account.id ||
      (entry.target_type === 'user' && entry.target_id === account.id);
    const detail =
      entry.detail === null
        ? null
        : JSON.stringify(
            scrub(
              JSON.parse(entry.detail),
              account.email,
              aboutAccount ? account.name : '',
              pseudonym,
            ),
          );
    await rewriteAuditEntry(trx, entry.id, {
      detail,
      ...(entry.actor_id === account.id ? { actorEmail: pseudonym } : {}),
    });
  }
}

/**
 * Erases the account inside `trx` and writes its 'user.delete' audit entry; returns the job ids
 * whose stored files go after the commit (eraseStoredFiles). The last active admin is refused
 * (409 'There must always be one admin account…'), whoever asks.
 */
export async function eraseAccountIn(
  trx: Db,
  key: DepartedAddressKey,
  account: ErasedAccount,
  by: { actor: AuditActor | 'self'; ip: string; detail?: Record<string, unknown> },
  now = new Date(),
): Promise<string[]> {
  if (
    account.role === 'admin' &&
    account.active &&
    (await lockOtherActiveAdmins(trx, account.id)) === 0
  ) {
    throw conflict(accountTexts.lastAdmin);
  }
  const pseudonym = deletedUserEmail(account.id);
  const jobIds = await jobIdsOf(trx, account.id);
  await anonymiseOrdersOf(trx, account.id, deletedUserName, pseudonym);
  await anonymiseAuditLog(trx, account, pseudonym);
  await recordDepartedAddress(trx, key, account.email, now);
  await deleteVerificationsOf(trx, account.id);
  await deleteUserById(trx, account.id);
  await recordAudit(trx, {
    actor: by.actor === 'self' ? { id: account.id, email: pseudonym } : by.actor,
    action: auditActions.userDelete,
    target: { type: 'user', id: account.id },
    detail: {
      email: pseudonym,
      by: by.actor === 'self' ? 'self' : 'admin',
      ...by.detail,
      deleted: { jobs: jobIds.length },
    },
    ip: by.ip,
    at: now,
  });
  return jobIds;
}

/**
 * After the commit: the job rows are gone, so nothing serves these files any more; remove them
 * now rather than at the next orphan sweep (which also catches anything left here).
 */
export async function eraseStoredFiles(store: ObjectStore, jobIds: readonly string[]) {
  for (const jobId of jobIds) await store.deletePrefix(jobId);
}
