import { auditActions, type BillingProfile, type BusinessDetails } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { recordAudit } from '../audit/audit.service.js';
import type { Acting } from '../audit/audit.service.js';
import { findBillingProfile, upsertBillingProfile } from './billing-profiles.repository.js';
import { listBusinessDetails, upsertBusinessDetail } from './business-details.repository.js';

// Who sells (Admin → Settings → Business details) and who buys (the buyer's billing details):
// what an invoice says about each, copied onto the invoice when it is issued (decision 0126).

export const emptyBusinessDetails: BusinessDetails = {
  legalName: '',
  address: '',
  taxNumber: '',
  contactEmail: '',
  taxRatePercent: 0,
  taxLabel: 'VAT',
};

const businessKeys = Object.keys(emptyBusinessDetails) as (keyof BusinessDetails)[];

export async function businessDetails(db: Db): Promise<BusinessDetails> {
  const details: Record<string, unknown> = { ...emptyBusinessDetails };
  for (const row of await listBusinessDetails(db)) {
    if ((businessKeys as string[]).includes(row.key)) details[row.key] = JSON.parse(row.value);
  }
  return details as BusinessDetails;
}

export async function saveBusinessDetails(
  db: Db,
  acting: Acting,
  body: BusinessDetails,
  now = new Date(),
): Promise<BusinessDetails> {
  return db.transaction().execute(async (trx) => {
    const before = await businessDetails(trx);
    const changed = businessKeys.filter((key) => before[key] !== body[key]);
    for (const key of changed) {
      await upsertBusinessDetail(trx, {
        key,
        value: JSON.stringify(body[key]),
        updated_by: acting.actor.id,
        updated_at: now.toISOString(),
      });
    }
    if (changed.length > 0) {
      await recordAudit(trx, {
        actor: acting.actor,
        action: auditActions.businessDetails,
        target: { type: 'business_details', id: 'seller' },
        detail: {
          fields: changed,
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after: Object.fromEntries(changed.map((k) => [k, body[k]])),
        },
        ip: acting.ip,
      });
    }
    return businessDetails(trx);
  });
}

export async function billingProfile(db: Db, userId: string): Promise<BillingProfile> {
  const row = await findBillingProfile(db, userId);
  return { name: row?.name ?? '', address: row?.address ?? '', vatNumber: row?.vat_number ?? '' };
}

export async function saveBillingProfile(
  db: Db,
  userId: string,
  body: BillingProfile,
  now = new Date(),
): Promise<BillingProfile> {
  await upsertBillingProfile(db, {
    user_id: userId,
    name: body.name || null,
    address: body.address || null,
    vat_number: body.vatNumber ? body.vatNumber.toUpperCase() : null,
    updated_at: now.toISOString(),
  });
  return billingProfile(db, userId);
}

/** Admin → Settings → Business details. */
export class BusinessDetailsService {
  constructor(private readonly db: Db) {}

  get(): Promise<BusinessDetails> {
    return businessDetails(this.db);
  }

  save(acting: Acting, body: BusinessDetails): Promise<BusinessDetails> {
    return saveBusinessDetails(this.db, acting, body);
  }
}

/** The buyer's billing details (Settings). */
export class BillingProfilesService {
  constructor(private readonly db: Db) {}

  get(userId: string): Promise<BillingProfile> {
    return billingProfile(this.db, userId);
  }

  save(userId: string, body: BillingProfile): Promise<BillingProfile> {
    return saveBillingProfile(this.db, userId, body);
  }
}
