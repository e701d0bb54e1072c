import {
  adminPlanTexts as t,
  auditActions,
  type EditablePlan,
  type UpdateAdminPlanBody,
} from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Acting } from '../audit/audit.service.js';
import {
  clearPopularExcept,
  countActivePacksExcept,
  listPlanRows,
  type PlanRow,
} from './plans.repository.js';
import { getPlan, toPlan, updatePlan, type PlanChanges } from './plans.service.js';

// Pricing management (docs/decisions/0105): the admin edits the plans the pricing page, the
// checkout and the webhook all read from the database, so a change is on sale at once: every
// checkout started after it sends the new price to the provider (0264).

export function toEditablePlan(row: PlanRow): EditablePlan {
  return {
    ...toPlan(row),
    active: Boolean(Number(row.active)),
    priceCents: Number(row.price_cents),
    validityDays: row.validity_days === null ? null : Number(row.validity_days),
    lemonSqueezyVariantId: row.lemonsqueezy_variant_id,
    updatedAt: String(row.updated_at),
  };
}

export async function listEditablePlans(db: Db): Promise<EditablePlan[]> {
  return (await listPlanRows(db)).map(toEditablePlan);
}

const bad = (message: string) => new AppError(400, 'validation_failed', message);

/** What the audit log keeps of a plan, before and after. */
function snapshot(plan: EditablePlan) {
  return {
    name: plan.name,
    description: plan.description,
    priceCents: plan.priceCents,
    credits: plan.credits,
    validityDays: plan.validityDays,
    validity: plan.validity ?? null,
    features: plan.features,
    popular: plan.popular,
    active: plan.active,
    lemonSqueezyVariantId: plan.lemonSqueezyVariantId,
  };
}

/** "1 year", "2 years", "90 days": the card's validity text when the admin sets only days. */
export function validityText(days: number | null): string | null {
  if (days === null) return null;
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  return days === 1 ? '1 day' : `${days} days`;
}

export async function editPlan(
  db: Db,
  acting: Acting,
  id: string,
  body: UpdateAdminPlanBody,
  now = new Date(),
): Promise<EditablePlan> {
  if (Object.values(body).every((v) => v === undefined)) throw bad(t.nothingToChange);
  return db.transaction().execute(async (trx) => {
    const row = await getPlan(trx, id);
    const before = toEditablePlan(row);
    const sellable = row.billing_type === 'one-time';
    const changes: PlanChanges = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.features !== undefined ? { features: body.features } : {}),
      ...(body.popular !== undefined ? { popular: body.popular } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...(body.validity !== undefined ? { validity: body.validity || null } : {}),
    };
    const priced = {
      priceCents: body.priceCents,
      credits: body.credits,
      validityDays: body.validityDays,
      lemonSqueezyVariantId: body.lemonSqueezyVariantId,
    };
    if (!sellable) {
      // Free and Enterprise are not sold through checkout: nothing about a price applies.
      const changed =
        (priced.priceCents !== undefined && priced.priceCents !== before.priceCents) ||
        (priced.credits !== undefined && priced.credits !== before.credits) ||
        (priced.validityDays !== undefined && priced.validityDays !== before.validityDays) ||
        (priced.lemonSqueezyVariantId !== undefined &&
          (priced.lemonSqueezyVariantId || null) !== before.lemonSqueezyVariantId);
      if (changed) throw bad(t.freeHasNoPrice);
    } else {
      const price = priced.priceCents ?? before.priceCents;
      const credits = priced.credits ?? before.credits;
      if (price <= 0 || credits < 1) throw bad(t.paidNeedsPrice);
      if (priced.priceCents !== undefined) changes.priceCents = price;
      if (priced.credits !== undefined) changes.credits = credits;
      if (priced.priceCents !== undefined || priced.credits !== undefined) {
        changes.pricePerCreditCents = Math.round(price / credits);
      }
      if (priced.validityDays !== undefined) {
        changes.validityDays = priced.validityDays;
        if (body.validity === undefined) changes.validity = validityText(priced.validityDays);
      }
      if (priced.lemonSqueezyVariantId !== undefined) {
        changes.lemonSqueezyVariantId = priced.lemonSqueezyVariantId || null;
      }
      if (body.active === false && before.active && (await countActivePacksExcept(trx, id)) === 0) {
        throw bad(t.lastActivePack);
      }
    }
    const unmarked = body.popular === true ? await clearPopularExcept(trx, id) : [];
    const after = toEditablePlan(await updatePlan(trx, id, changes, now));
    await recordAudit(trx, {
      actor: acting.actor,
      action: auditActions.planUpdate,
      target: { type: 'plan', id },
      detail: {
        plan: after.name,
        before: snapshot(before),
        after: snapshot(after),
        ...(unmarked.length ? { noLongerPopular: unmarked } : {}),
      },
      ip: acting.ip,
      at: now,
    });
    return after;
  });
}

/** Pricing management for the admin's routes: the plans with what only the admin edits. */
export class AdminPlansService {
  constructor(private readonly db: Db) {}

  list(): Promise<EditablePlan[]> {
    return listEditablePlans(this.db);
  }

  edit(acting: Acting, id: string, body: UpdateAdminPlanBody): Promise<EditablePlan> {
    return editPlan(this.db, acting, id, body);
  }
}
