import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { Dialect } from '../../db/schema.js';
import { backOffMs, type SignInPolicy, type SignInThrottleStore } from './failed-sign-ins.js';

// The sign-in back-off in the database, for a server without Redis (decision 0265): the same
// policy as the memory and Redis stores (failed-sign-ins.ts, decision 0068), kept in two tables
// so a restart does not forget it. One failure is one transaction holding the account's row
// (and on PostgreSQL its lock), so failures arriving at once are all counted. Keys are hashes,
// not e-mail addresses; times are the caller's clock.

/** Forgotten state is deleted once every this many failures of a process. */
const PRUNE_EVERY = 200;

const hash = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);

export class DatabaseSignInStore implements SignInThrottleStore {
  private failuresSeen = 0;

  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
    private readonly policy: SignInPolicy,
  ) {}

  async blockedUntil(account: string, ip: string): Promise<number> {
    const row = await this.db
      .selectFrom('sign_in_pairs')
      .select('blocked_until')
      .where('key', '=', hash(`${account}\n${ip}`))
      .executeTakeFirst();
    return row ? Number(row.blocked_until) : 0;
  }

  async recordFailure(account: string, ip: string, now: number): Promise<{ report: boolean }> {
    const { policy } = this;
    const accountKey = hash(account);
    const pairKey = hash(`${account}\n${ip}`);
    if (++this.failuresSeen % PRUNE_EVERY === 0) await this.prune(now);
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('sign_in_accounts')
        .values({ key: accountKey, failures: '[]', last_failure_at: now, reported_at: null })
        .onConflict((oc) => oc.column('key').doNothing())
        .execute();
      let accountQuery = trx
        .selectFrom('sign_in_accounts')
        .select(['failures', 'reported_at'])
        .where('key', '=', accountKey);
      if (this.dialect === 'postgres') accountQuery = accountQuery.forUpdate();
      const accountRow = await accountQuery.executeTakeFirstOrThrow();
      const recent = (JSON.parse(accountRow.failures) as number[]).filter(
        (t) => t > now - policy.accountWindowMs,
      );
      recent.push(now);
      // Only whether the ceiling is reached matters: keep no more timestamps than that.
      const kept = recent.slice(-policy.accountCeiling);
      const underAttack = recent.length >= policy.accountCeiling;
      const lastReport =
        accountRow.reported_at === null ? undefined : Number(accountRow.reported_at);
      const report =
        underAttack && (lastReport === undefined || now - lastReport >= policy.accountWindowMs);
      await trx
        .updateTable('sign_in_accounts')
        .set({
          failures: JSON.stringify(kept),
          last_failure_at: now,
          ...(report ? { reported_at: now } : {}),
        })
        .where('key', '=', accountKey)
        .execute();

      const pair = await trx
        .selectFrom('sign_in_pairs')
        .selectAll()
        .where('key', '=', pairKey)
        .executeTakeFirst();
      const fresh =
        !pair ||
        pair.last_failure_at === null ||
        now - Number(pair.last_failure_at) > policy.forgetAfterMs;
      const failures = (fresh ? 0 : Number(pair.failures)) + 1;
      const knownAt =
        pair?.known_at === null || pair === undefined ? undefined : Number(pair.known_at);
      const known = knownAt !== undefined && now - knownAt <= policy.knownAddressMs;
      const wait = backOffMs(policy, failures, underAttack, known);
      const blockedUntil = wait !== undefined ? now + wait : fresh ? 0 : Number(pair.blocked_until);
      await trx
        .insertInto('sign_in_pairs')
        .values({
          key: pairKey,
          failures,
          last_failure_at: now,
          blocked_until: blockedUntil,
          known_at: knownAt ?? null,
        })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            failures,
            last_failure_at: now,
            blocked_until: blockedUntil,
          }),
        )
        .execute();
      return { report };
    });
  }

  /** Deletes what the policy has forgotten: made-up e-mails cannot grow the tables for ever. */
  private async prune(now: number): Promise<void> {
    const { policy } = this;
    await this.db
      .deleteFrom('sign_in_accounts')
      .where('last_failure_at', '<', now - policy.accountWindowMs)
      .where((eb) =>
        eb.or([
          eb('reported_at', 'is', null),
          eb('reported_at', '<', now - policy.accountWindowMs),
        ]),
      )
      .execute();
    await this.db
      .deleteFrom('sign_in_pairs')
      .where('blocked_until', '<', now)
      .where((eb) =>
        eb.or([
          eb('last_failure_at', 'is', null),
          eb('last_failure_at', '<', now - policy.forgetAfterMs),
        ]),
      )
      .where((eb) =>
        eb.or([eb('known_at', 'is', null), eb('known_at', '<', now - policy.knownAddressMs)]),
      )
      .execute();
  }

  async recordSuccess(account: string, ip: string, now: number): Promise<void> {
    const key = hash(`${account}\n${ip}`);
    await this.db
      .insertInto('sign_in_pairs')
      .values({ key, failures: 0, last_failure_at: null, blocked_until: 0, known_at: now })
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({
          failures: 0,
          last_failure_at: null,
          blocked_until: 0,
          known_at: now,
        }),
      )
      .execute();
  }
}
