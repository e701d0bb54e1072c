import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { signBody } from './providers/provider.js';
import {
  claimDelivery,
  insertDelivery,
  listDueDeliveries,
  updateDelivery,
} from './webhook-deliveries.repository.js';

// The sandbox provider's outgoing webhooks. Each event is a webhook_deliveries row before it is
// sent, so a restart loses nothing: pending rows are picked up by the next tick. A delivery that
// does not get a 2xx is retried on Lemon Squeezy's schedule (three retries, 5 s, 25 s, 125 s
// after the failure), then marked failed (docs/decisions/0072).

export const lemonSqueezyRetrySchedule = [5_000, 25_000, 125_000] as const;

export interface DispatcherOptions {
  db: Db;
  secret: string;
  /** Where to post; undefined while the server is not listening yet (the attempt is retried). */
  target: () => string | undefined;
  log: FastifyBaseLogger;
  clock?: () => Date;
  retrySchedule?: readonly number[];
  tickMs?: number;
  fetch?: typeof fetch;
}

export class WebhookDispatcher {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private closed = false;
  private readonly clock: () => Date;
  private readonly schedule: readonly number[];

  constructor(private readonly options: DispatcherOptions) {
    this.clock = options.clock ?? (() => new Date());
    this.schedule = options.retrySchedule ?? lemonSqueezyRetrySchedule;
  }

  /** Stores an event for delivery (inside the caller's transaction when given one). */
  async enqueue(trx: Db, eventName: string, body: unknown): Promise<string> {
    const id = randomUUID();
    const now = this.clock().toISOString();
    await insertDelivery(trx, {
      id,
      event_name: eventName,
      body: JSON.stringify(body),
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    });
    return id;
  }

  start(): void {
    if (this.timer || this.closed) return;
    this.timer = setInterval(() => this.kick(), this.options.tickMs ?? 1000);
    this.timer.unref();
    this.kick();
  }

  /** Sends what is due now, without waiting for the next tick. */
  kick(): void {
    if (this.closed || this.running) return;
    this.running = this.deliverDue()
      .then(() => undefined)
      .catch((error: unknown) => this.options.log.error({ err: error }, 'webhook delivery failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** Resolves once the current round of deliveries is done (tests). */
  async idle(): Promise<void> {
    await this.running;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  async deliverDue(): Promise<number> {
    const { db } = this.options;
    let sent = 0;
    const now = this.clock();
    for (const delivery of await listDueDeliveries(db, now.toISOString(), 20)) {
      if (this.closed) break;
      // A lease: another process (or a tick after a crash) retries only after it runs out.
      const lease = new Date(now.getTime() + 60_000).toISOString();
      if (!(await claimDelivery(db, delivery.id, delivery.next_attempt_at!, lease))) continue;
      const attempt = delivery.attempts + 1;
      const result = await this.post(delivery.body, delivery.event_name);
      const at = this.clock();
      if (result.ok) {
        await updateDelivery(db, delivery.id, {
          status: 'delivered',
          attempts: attempt,
          next_attempt_at: null,
          last_attempt_at: at.toISOString(),
          last_status: result.status,
          last_error: null,
        });
        sent += 1;
        continue;
      }
      const wait = this.schedule[attempt - 1];
      await updateDelivery(db, delivery.id, {
        status: wait === undefined ? 'failed' : 'pending',
        attempts: attempt,
        next_attempt_at: wait === undefined ? null : new Date(at.getTime() + wait).toISOString(),
        last_attempt_at: at.toISOString(),
        last_status: result.status ?? null,
        last_error: result.error ?? null,
      });
      this.options.log.warn(
        { delivery: delivery.id, event: delivery.event_name, attempt, status: result.status },
        wait === undefined
          ? 'sandbox webhook not accepted; giving up after the last retry'
          : `sandbox webhook not accepted; retrying in ${wait / 1000} s`,
      );
    }
    return sent;
  }

  private async post(
    body: string,
    eventName: string,
  ): Promise<{ ok: boolean; status?: number; error?: string }> {
    const url = this.options.target();
    if (!url) return { ok: false, error: 'The server is not listening yet.' };
    try {
      const response = await (this.options.fetch ?? fetch)(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature': signBody(body, this.options.secret),
          'x-event-name': eventName,
          'user-agent': 'Cutout-Sandbox-Webhooks/1',
        },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.arrayBuffer().catch(() => undefined);
      return { ok: response.status >= 200 && response.status < 300, status: response.status };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
