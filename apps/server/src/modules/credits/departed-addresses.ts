import { createHmac } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { hasDepartedAddress, insertDepartedAddress } from './departed-addresses.repository.js';

// The free grant is given once per address, even across a deletion (decision 0270): a deleted
// account leaves a keyed hash of its normalised address, and the grant asks here first. The key
// is deriveKey(secret, 'departed-addresses'): without the server's secret the hashes cannot be
// matched against a list of addresses.

/** The server's key for these hashes (deriveKey 'departed-addresses'). */
export type DepartedAddressKey = Buffer;

/** Case and surrounding spaces never make a second address (better-auth lowercases too). */
export const normaliseAddress = (email: string): string => email.trim().toLowerCase();

const addressHash = (key: DepartedAddressKey, email: string): string =>
  createHmac('sha256', key).update(normaliseAddress(email)).digest('hex');

/** Notes that an account with this address was deleted; call in the deletion's transaction. */
export async function recordDepartedAddress(
  db: Db,
  key: DepartedAddressKey,
  email: string,
  now = new Date(),
): Promise<void> {
  await insertDepartedAddress(db, addressHash(key, email), now.toISOString());
}

/**
 * Whether an earlier, deleted account of this address already had the free grant: the one
 * question every place that grants free credits asks (sign-up today, e-mail verification if
 * the grant moves there).
 */
export async function hadFreeGrantBefore(
  db: Db,
  key: DepartedAddressKey,
  email: string,
): Promise<boolean> {
  return hasDepartedAddress(db, addressHash(key, email));
}
