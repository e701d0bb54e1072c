import { Readable } from 'node:stream';
import { originalDownloadName } from '@cutout/contracts';
import { ZipFile } from 'yazl';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import { addResultFolders, addStoredFile, finishZip, uniqueFolders } from '../batches/batch-zip.js';
import { originalKey } from '../jobs/result-files.js';
import { invoiceFilename, renderInvoicePdf } from '../payments/invoice-document.js';
import { invoiceData } from '../payments/invoices.service.js';
import type { ObjectStore } from '../storage/object-store.js';
import {
  apiKeysOf,
  historyJobsOf,
  invoicesOfOrders,
  ledgerOf,
  ordersOf,
  profileRowOf,
  refundRequestsOf,
} from './data-export.repository.js';

// GET /api/me/export (decision 0270): the account's data as one zip, streamed with yazl the way
// the batch zip is (decision 0076). The rows are read first (an account's rows are few); the
// invoice PDFs are drawn, and the stored images opened, only when the zip reaches each one, so
// one file is in memory or open at a time whatever the account holds. Layout:
//   profile.json, orders.json, refund-requests.json, api-keys.json, credit-ledger.csv,
//   invoices/cutout-invoice-….pdf and cutout-credit-note-….pdf (as issued, decision 0126),
//   images/<name>/<name>.<ext> (the original) and the three results, as the batch zip has them.

/** The zip's file names, one place for the server and its tests. */
export const exportFiles = {
  profile: 'profile.json',
  orders: 'orders.json',
  refundRequests: 'refund-requests.json',
  apiKeys: 'api-keys.json',
  ledger: 'credit-ledger.csv',
  invoicesDir: 'invoices/',
  imagesDir: 'images/',
} as const;

export const ledgerCsvHeader = [
  'date',
  'kind',
  'amount',
  'balance_after',
  'reason',
  'reference',
] as const;

/**
 * One CSV field (RFC 4180: quoted when it holds a comma, quote or line break). A text starting
 * with = + - @ or a tab is prefixed with ' so a spreadsheet shows it rather than runs it.
 */
function csvField(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const csvLine = (fields: readonly (string | number | null)[]) =>
  `${fields.map(csvField).join(',')}\r\n`;

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** The zip of the user's data; 404 when the account is gone meanwhile. */
export async function dataExport(
  deps: { db: Db; store: ObjectStore },
  userId: string,
  now = new Date(),
): Promise<Readable> {
  const { db, store } = deps;
  const profile = await profileRowOf(db, userId);
  if (!profile) throw notFound('Account not found.');
  const orders = await ordersOf(db, userId);
  const [invoices, refunds, ledger, keys, jobs] = await Promise.all([
    invoicesOfOrders(
      db,
      orders.map((o) => o.id),
    ),
    refundRequestsOf(db, userId),
    ledgerOf(db, userId),
    apiKeysOf(db, userId),
    historyJobsOf(db, userId, now.toISOString()),
  ]);

  const zip = new ZipFile();
  const opts = { mtime: now };
  zip.addBuffer(
    json({
      id: profile.id,
      name: profile.name,
      email: profile.email,
      emailVerified: Boolean(profile.email_verified),
      accountType: profile.account_type,
      role: profile.role,
      credits: Number(profile.credits),
      createdAt: profile.created_at,
      billing:
        profile.billing_name === null &&
        profile.billing_address === null &&
        profile.billing_vat_number === null
          ? null
          : {
              name: profile.billing_name,
              address: profile.billing_address,
              vatNumber: profile.billing_vat_number,
            },
      exportedAt: now.toISOString(),
    }),
    exportFiles.profile,
    opts,
  );
  zip.addBuffer(
    json(
      orders.map((o) => ({
        id: o.id,
        receiptNumber: o.receipt_number,
        plan: o.plan_name,
        status: o.status,
        credits: Number(o.credits),
        refundedCredits: Number(o.refunded_credits),
        amountCents: Number(o.amount_cents),
        discountCents: Number(o.discount_cents),
        taxCents: Number(o.tax_cents),
        refundedCents: Number(o.refunded_cents),
        currency: o.currency,
        provider: o.provider,
        providerOrderId: o.provider_order_id,
        testMode: Number(o.test_mode) === 1,
        paymentMethod: o.payment_method,
        buyerName: o.buyer_name,
        buyerEmail: o.buyer_email,
        createdAt: o.created_at,
        paidAt: o.paid_at,
        refundedAt: o.refunded_at,
        invoices: invoices
          .filter((i) => i.order_id === o.id)
          .map((i) => `${exportFiles.invoicesDir}${invoiceFilename(invoiceData(i))}`),
      })),
    ),
    exportFiles.orders,
    opts,
  );
  zip.addBuffer(
    json(
      refunds.map((r) => ({
        id: r.id,
        orderId: r.order_id,
        status: r.status,
        credits: Number(r.credits),
        amountCents: Number(r.amount_cents),
        currency: r.currency,
        reason: r.buyer_reason,
        declineReason: r.decline_reason,
        requestedAt: r.created_at,
        decidedAt: r.decided_at,
      })),
    ),
    exportFiles.refundRequests,
    opts,
  );
  zip.addBuffer(
    json(
      keys.map((k) => ({
        name: k.name,
        createdAt: k.created_at,
        lastUsedAt: k.last_used_at,
        revokedAt: k.revoked_at,
      })),
    ),
    exportFiles.apiKeys,
    opts,
  );
  zip.addBuffer(
    Buffer.from(
      csvLine(ledgerCsvHeader) +
        ledger
          .map((row) =>
            csvLine([
              row.created_at,
              row.kind,
              Number(row.amount),
              Number(row.balance_after),
              row.reason,
              row.reference,
            ]),
          )
          .join(''),
      'utf8',
    ),
    exportFiles.ledger,
    opts,
  );
  for (const row of invoices) {
    const data = invoiceData(row);
    // Drawn when the zip reaches it: one PDF in memory at a time.
    zip.addReadStreamLazy(
      `${exportFiles.invoicesDir}${invoiceFilename(data)}`,
      opts,
      (callback) => {
        renderInvoicePdf(data).then(
          (pdf) => callback(null, Readable.from([pdf])),
          (error: unknown) => callback(error, undefined as never),
        );
      },
    );
  }
  const folderOf = uniqueFolders();
  const entries = jobs.map((job) => {
    const folder = folderOf(job.original_name);
    addStoredFile(
      zip,
      store,
      originalKey(job.id),
      `${exportFiles.imagesDir}${folder}/${originalDownloadName(folder, job.content_type)}`,
      now,
    );
    return { folder, jobId: job.id, resultVersion: Number(job.result_version) };
  });
  addResultFolders(zip, store, entries, now, exportFiles.imagesDir);
  return finishZip(zip);
}
