import type { Plan } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import { findPlanRow, listPlanRows, updatePlanRow, type PlanRow } from './plans.repository.js';

// Plans live in the database (seeded with spec §9's plans by migration 0006), so the pricing
// page, the checkout and the webhook read the same rows and the admin can edit them.

export function toPlan(row: PlanRow): Plan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price_cents / 100,
    credits: Number(row.credits),
    ...(row.price_per_credit_cents !== null
      ? { pricePerCredit: row.price_per_credit_cents / 100 }
      : {}),
    billingType: row.billing_type,
    currency: row.currency,
    interval: row.interval,
    features: JSON.parse(row.features) as string[],
    popular: Boolean(Number(row.popular)),
    ...(row.validity ? { validity: row.validity } : {}),
  };
}

/** The plans, in display order; `activeOnly` for the pricing page. */
export async function listPlans(db: Db, options: { activeOnly?: boolean } = {}) {
  return (await listPlanRows(db, options)).map((row) => ({
    ...toPlan(row),
    active: Boolean(Number(row.active)),
    priceCents: row.price_cents,
    validityDays: row.validity_days,
    lemonSqueezyVariantId: row.lemonsqueezy_variant_id,
  }));
}

/** The plans on sale, as the pricing page shows them (nothing only the admin sees). */
export class PlansService {
  constructor(private readonly db: Db) {}

  async onSale(): Promise<Plan[]> {
    return (await listPlans(this.db, { activeOnly: true })).map(
      ({ active: _a, priceCents: _p, validityDays: _v, lemonSqueezyVariantId: _l, ...plan }) =>
        plan,
    );
  }
}

export async function getPlan(db: Db, id: string): Promise<PlanRow> {
  const row = await findPlanRow(db, id);
  if (!row) throw notFound('That plan does not exist.');
  return row;
}

/** What the admin may change on a plan (issue 14 builds its page on this). */
export interface PlanChanges {
  name?: string;
  description?: string;
  priceCents?: number;
  currency?: string;
  credits?: number;
  pricePerCreditCents?: number | null;
  features?: string[];
  popular?: boolean;
  active?: boolean;
  validity?: string | null;
  validityDays?: number | null;
  lemonSqueezyVariantId?: string | null;
}

export async function updatePlan(
  db: Db,
  id: string,
  changes: PlanChanges,
  now: Date = new Date(),
): Promise<PlanRow> {
  if (
    changes.priceCents !== undefined &&
    (!Number.isInteger(changes.priceCents) || changes.priceCents < 0)
  ) {
    throw new AppError(
      400,
      'validation_failed',
      'The price must be a whole number of cents, 0 or more.',
    );
  }
  if (
    changes.credits !== undefined &&
    (!Number.isInteger(changes.credits) || changes.credits < -1)
  ) {
    throw new AppError(400, 'validation_failed', 'Credits must be a whole number (-1 for custom).');
  }
  const row = await updatePlanRow(db, id, {
    ...(changes.name !== undefined ? { name: changes.name } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(changes.priceCents !== undefined ? { price_cents: changes.priceCents } : {}),
    ...(changes.currency !== undefined ? { currency: changes.currency.toUpperCase() } : {}),
    ...(changes.credits !== undefined ? { credits: changes.credits } : {}),
    ...(changes.pricePerCreditCents !== undefined
      ? { price_per_credit_cents: changes.pricePerCreditCents }
      : {}),
    ...(changes.features !== undefined ? { features: JSON.stringify(changes.features) } : {}),
    ...(changes.popular !== undefined ? { popular: changes.popular ? 1 : 0 } : {}),
    ...(changes.active !== undefined ? { active: changes.active ? 1 : 0 } : {}),
    ...(changes.validity !== undefined ? { validity: changes.validity } : {}),
    ...(changes.validityDays !== undefined ? { validity_days: changes.validityDays } : {}),
    ...(changes.lemonSqueezyVariantId !== undefined
      ? { lemonsqueezy_variant_id: changes.lemonSqueezyVariantId }
      : {}),
    updated_at: now.toISOString(),
  });
  if (!row) throw notFound('That plan does not exist.');
  return row;
}
