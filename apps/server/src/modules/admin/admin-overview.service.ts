import type { AdminOverview, ComponentHealth } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { auditEntries } from '../audit/audit.service.js';
import {
  countFinishedSince,
  countUsersSince,
  paidOrdersSince,
} from './admin-overview.repository.js';

// The admin overview (spec §2 Admin, /admin): every figure from stored data or the live
// processing service, never a sample value (docs/decisions/0087).

export interface QueueFigures {
  running: number;
  concurrency: number;
  waiting: number;
  capacity: number;
}

export interface OverviewDeps {
  db: Db;
  queue: () => QueueFigures;
  queueHealth: () => ComponentHealth;
  engineHealth: () => ComponentHealth;
}

const DAY = 86_400_000;

/** Midnight UTC of `now`'s day: "today" on the overview. */
export function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/**
 * MERGE HOOK for payments (issue 12): credits sold and revenue over the last 30 days. Until the
 * orders table exists, credits sold come from the ledger's 'purchase' rows and revenue is null
 * (the overview says it is not recorded yet); with no purchase at all, the whole figure is null
 * ('No sales yet'). At merge: read both from paid orders (minus refunds) and return the sum of
 * their amounts in the store currency.
 */
/**
 * Sales from the orders table (issue 12): credits sold net of refunds, and revenue from orders
 * that moved real money — a sandbox (test mode) order sells credits but earns nothing, so with
 * only those the revenue is null ('not recorded') rather than a zero dressed as a figure.
 */
export async function salesFigures(db: Db, since: string): Promise<AdminOverview['sales']> {
  const orders = await paidOrdersSince(db, since);
  if (orders.orders === 0) return null;
  return {
    creditsSold30Days: orders.credits,
    revenue30Days:
      orders.realOrders > 0
        ? { amount: orders.revenueCents / 100, currency: orders.currency }
        : null,
  };
}

export async function adminOverview(deps: OverviewDeps, now = new Date()): Promise<AdminOverview> {
  const today = startOfUtcDay(now).toISOString();
  const last7 = new Date(now.getTime() - 7 * DAY).toISOString();
  const last30 = new Date(now.getTime() - 30 * DAY).toISOString();
  const [users, completed, failed, sales, recentActivity] = await Promise.all([
    countUsersSince(deps.db, last7),
    countFinishedSince(deps.db, 'completed', [today, last7, last30]),
    countFinishedSince(deps.db, 'failed', [today, last30]),
    salesFigures(deps.db, last30),
    auditEntries(deps.db, { limit: 10 }),
  ]);
  const queue = deps.queue();
  return {
    users: { total: users.total, newLast7Days: users.recent },
    images: { today: completed[0]!, last7Days: completed[1]!, last30Days: completed[2]! },
    sales,
    jobs: { failedToday: failed[0]!, failed30Days: failed[1]! },
    queue: {
      running: queue.running,
      workers: queue.concurrency,
      waiting: queue.waiting,
      capacity: queue.capacity,
      health: deps.queueHealth(),
    },
    engine: deps.engineHealth(),
    recentActivity,
    generatedAt: now.toISOString(),
  };
}
