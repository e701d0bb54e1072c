import type {
  AccountType,
  CreditKind,
  CreditLedgerEntry,
  Role,
  UserProfile,
} from '@cutout/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { meApiPaths } from './paths';

// `userProfileSchema` and `creditLedgerEntrySchema` checked by hand, for the same reason as
// parseSessionResponse: zod would add ~26 KB gzip to the dashboard's first load. Typed by the
// contract, so a new required field there fails the type check here.

const roles: Record<Role, true> = { user: true, admin: true };
const accountTypes: Record<AccountType, true> = { personal: true, business: true };
const creditKinds: Record<CreditKind, true> = {
  grant: true,
  purchase: true,
  spend: true,
  refund: true,
  adjustment: true,
  expiry: true,
};

const isString = (value: unknown): value is string => typeof value === 'string';
const isInt = (value: unknown): value is number => Number.isInteger(value);
const isKey = <K extends string>(table: Record<K, true>, value: unknown): value is K =>
  isString(value) && Object.hasOwn(table, value);

function invalid(what: string): never {
  throw new TypeError(`Invalid ${what} response`);
}

export function parseUserProfile(data: unknown): UserProfile {
  if (typeof data !== 'object' || data === null) invalid('profile');
  const { id, email, name, role, credits, accountType, createdAt } = data as Record<
    string,
    unknown
  >;
  if (
    !isString(id) ||
    !isString(email) ||
    !isString(name) ||
    !isKey(roles, role) ||
    !isInt(credits) ||
    credits < 0 ||
    !isKey(accountTypes, accountType) ||
    !isString(createdAt)
  ) {
    invalid('profile');
  }
  return { id, email, name, role, credits, accountType, createdAt };
}

export function parseCreditHistory(data: unknown): { entries: CreditLedgerEntry[] } {
  if (typeof data !== 'object' || data === null || !('entries' in data)) invalid('history');
  const { entries } = data;
  if (!Array.isArray(entries)) invalid('history');
  return {
    entries: entries.map((entry: unknown) => {
      if (typeof entry !== 'object' || entry === null) invalid('history');
      const { id, kind, amount, balanceAfter, reason, reference, createdAt } = entry as Record<
        string,
        unknown
      >;
      if (
        !isString(id) ||
        !isKey(creditKinds, kind) ||
        !isInt(amount) ||
        !isInt(balanceAfter) ||
        (reason !== null && !isString(reason)) ||
        (reference !== null && !isString(reference)) ||
        !isString(createdAt)
      ) {
        invalid('history');
      }
      return { id, kind, amount, balanceAfter, reason, reference, createdAt };
    }),
  };
}

export const meQueryKey = ['me'] as const;

/** GET /api/me: the signed-in user with their credit balance and account type. */
export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) =>
    apiClient.get(meApiPaths.me, { schema: { parse: parseUserProfile }, signal }),
  // Credits change on the server (spending, purchases): show the balance as it is now.
  staleTime: 0,
});

export function useMe() {
  return useQuery(meQueryOptions);
}

/** How many ledger rows the usage card reads: the server's maximum page. */
export const creditHistoryPageSize = 100;

/** GET /api/me/credits/history: the newest ledger rows. */
export const creditHistoryQueryOptions = queryOptions({
  queryKey: [...meQueryKey, 'credit-history'],
  queryFn: ({ signal }) =>
    apiClient.get(
      `${meApiPaths.creditHistory}?${new URLSearchParams({ page: '1', per_page: String(creditHistoryPageSize) })}`,
      { schema: { parse: parseCreditHistory }, signal },
    ),
  staleTime: 0,
});

export function useCreditHistory() {
  return useQuery(creditHistoryQueryOptions);
}
