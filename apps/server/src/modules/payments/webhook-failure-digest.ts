import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { claimDigest, countPending, findDigest } from './notification-digests.repository.js';

// 'Webhook failed' for the admins as a digest (docs/decisions/0122): each failure is counted in
// one database row, and a mail goes out at most once an hour with the count and the time of the
// first — never text taken from the request, so a flood of forged deliveries can neither fill
// mailboxes nor put an attacker's words in them. The count lives in the database, so several
// API servers share the hourly limit.

const KIND = 'webhook_failed';
export const DIGEST_INTERVAL_MS = 3_600_000;

export interface WebhookFailureDigestOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Sends the digest mail: the failures counted and since when. */
  send: (facts: { failures: number; since: string }) => void;
  /** How often pending failures are looked at when no new one arrives. */
  flushEveryMs?: number;
}

export class WebhookFailureDigest {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: WebhookFailureDigestOptions) {}

  /** One more failed delivery: counted now, mailed with the others when the hour allows. */
  async failed(): Promise<void> {
    await countPending(this.options.db, KIND, this.options.clock().toISOString());
    await this.flush();
  }

  /** Mails what is pending if the last digest is an hour old; true when this call sent it. */
  async flush(): Promise<boolean> {
    const { db, clock } = this.options;
    const now = clock();
    const row = await findDigest(db, KIND);
    if (!row || Number(row.pending) === 0) return false;
    if (row.last_sent_at && now.getTime() - Date.parse(row.last_sent_at) < DIGEST_INTERVAL_MS) {
      return false;
    }
    if (!(await claimDigest(db, row, now.toISOString()))) return false;
    this.options.send({
      failures: Number(row.pending),
      since: row.first_pending_at ?? now.toISOString(),
    });
    return true;
  }

  start(): void {
    this.timer = setInterval(() => {
      this.flush().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'webhook failure digest failed'),
      );
    }, this.options.flushEveryMs ?? 60_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
