import type { BillingSummary, SessionUser } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { findBalance } from '../credits/credits.repository.js';
import { creditLots } from '../credits/credits.service.js';
import { sellingNow, type ProviderLookup } from './active-provider.js';
import { listCompletedJobTimes } from './job-usage.repository.js';
import { findRecentPaidOrder, listOrderRows, listPurchasedPlanIds } from './orders.repository.js';
import { orderExtras, toOrder } from './order-view.js';

// The buyer's billing pages: balance, credit lots, usage from real jobs, orders.

const RECENT_ORDER_MS = 10 * 60_000;

export interface BillingServiceOptions {
  db: Db;
  provider: ProviderLookup;
  clock: () => Date;
}

export class BillingService {
  constructor(private readonly options: BillingServiceOptions) {}

  async ordersOf(userId: string, page: { limit: number; offset: number }) {
    const { rows, total } = await listOrderRows(this.options.db, { userId }, page);
    const extras = await orderExtras(this.options.db, rows, this.options.clock());
    return { orders: rows.map((row) => toOrder(row, extras.get(row.id))), total };
  }

  async summary(user: SessionUser): Promise<BillingSummary> {
    const { db } = this.options;
    const now = this.options.clock();
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const firstDay = new Date(
      Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - 29),
    );
    const since = monthStart < firstDay ? monthStart : firstDay;
    const times = await listCompletedJobTimes(db, user.id, since.toISOString());
    const byDay = new Map<string, number>();
    for (let i = 0; i < 30; i++) {
      byDay.set(new Date(firstDay.getTime() + i * 86_400_000).toISOString().slice(0, 10), 0);
    }
    let thisMonth = 0;
    for (const t of times) {
      if (t >= monthStart.toISOString()) thisMonth += 1;
      const d = t.slice(0, 10);
      if (byDay.has(d)) byDay.set(d, byDay.get(d)! + 1);
    }
    const lots = await creditLots(db, user.id);
    const next = lots.find((l) => l.expiresAt !== null);
    const recent = await findRecentPaidOrder(
      db,
      user.id,
      new Date(now.getTime() - RECENT_ORDER_MS).toISOString(),
    );
    return {
      balance: (await findBalance(db, user.id)) ?? 0,
      lots: lots.map((l) => ({ ...l, source: l.source })),
      nextExpiry: next ? { credits: next.remaining, expiresAt: next.expiresAt! } : null,
      usage: {
        thisMonth,
        last30Days: [...byDay].map(([date, images]) => ({ date, images })),
      },
      purchasedPlanIds: await listPurchasedPlanIds(db, user.id),
      recentOrder: recent ? toOrder(recent) : null,
      ...(await sellingNow(this.options.provider)),
    };
  }
}
