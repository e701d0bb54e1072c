import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { expireCredits } from '../credits/credits.service.js';

// The scheduled sweep that removes expired paid credits for everyone (docs/decisions/0071); a
// spend removes the spender's own overdue lots first, so this only keeps balances current.

export interface CreditExpiryOptions {
  db: Db;
  log: FastifyBaseLogger;
  clock: () => Date;
  everyMs?: number;
}

export class CreditExpirySweep {
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly options: CreditExpiryOptions) {}

  async sweep(): Promise<number> {
    const removed = await expireCredits(this.options.db, this.options.clock());
    if (removed > 0) this.options.log.info({ removed }, 'expired credits removed');
    return removed;
  }

  start(): void {
    const run = () => {
      this.sweep().catch((error: unknown) =>
        this.options.log.error({ err: error }, 'credit expiry sweep failed'),
      );
    };
    this.timer = setInterval(run, this.options.everyMs ?? 3_600_000);
    this.timer.unref();
    run();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
