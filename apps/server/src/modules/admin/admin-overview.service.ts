import type { AdminOverview, ComponentHealth, PaymentsStatus } from '@cutout/contracts';
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
  /** Who sells: the overview shows real sales, or the 'Set up payments' card (decision 0120). */
  payments: () => Promise<PaymentsStatus>;
  /** Whether the editor has a bot check (Cloudflare Turnstile): an operator notice when not. */
  botCheck: () => Promise<boolean>;
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
 * Sales of the last 30 days from the orders table: credits sold and revenue, both net
 * of refunds from orders that moved real money (test-mode and sandbox orders are counted apart
 * and earn nothing, so only test orders give a revenue of 0, shown beside their count). Null with
 * no order at all ('No sales yet').
 */
export async function salesFigures(db: Db, since: string): Promise<AdminOverview['sales']> {
  const orders = await paidOrdersSince(db, since);
  if (orders.orders === 0) return null;
  return {
    creditsSold30Days: orders.credits,
    revenue30Days: { amount: orders.revenueCents / 100, currency: orders.currency },
    liveOrders30Days: orders.realOrders,
    testOrders30Days: orders.orders - orders.realOrders,
  };
}

export async function adminOverview(deps: OverviewDeps, now = new Date()): Promise<AdminOverview> {
  const today = startOfUtcDay(now).toISOString();
  const last7 = new Date(now.getTime() - 7 * DAY).toISOString();
  const last30 = new Date(now.getTime() - 30 * DAY).toISOString();
  const [users, completed, failed, sales, recentActivity, payments, botCheck] = await Promise.all([
    countUsersSince(deps.db, last7),
    countFinishedSince(deps.db, 'completed', [today, last7, last30]),
    countFinishedSince(deps.db, 'failed', [today, last30]),
    salesFigures(deps.db, last30),
    auditEntries(deps.db, { limit: 10 }),
    deps.payments(),
    deps.botCheck(),
  ]);
  const queue = deps.queue();
  return {
    users: { total: users.total, newLast7Days: users.recent },
    images: { today: completed[0]!, last7Days: completed[1]!, last30Days: completed[2]! },
    sales,
    payments,
    botCheck,
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
