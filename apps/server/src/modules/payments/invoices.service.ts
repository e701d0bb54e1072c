import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@cutout/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { AppError, notFound } from '../../errors.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { invoiceMail } from '../../mail/templates/invoice.js';
import { billingProfile, businessDetails } from './business-details.service.js';
import {
  invoiceFacts,
  invoiceFilename,
  invoiceTitle,
  renderInvoicePdf,
  type InvoiceData,
} from './invoice-document.js';
import {
  findInvoice,
  findInvoiceOf,
  insertInvoice,
  listInvoicesOf,
  nextInvoiceSeq,
  type InvoiceRow,
} from './invoices.repository.js';
import { findOrder, type OrderRow } from './orders.repository.js';

// Invoices and credit notes (docs/decisions/0126): an invoice is issued in the transaction that
// credits an order, a credit note in the one that applies each refund; both take the next number
// of one gap-free sequence (test-mode orders have their own, so live numbers stay consecutive).
// The PDF is drawn from the facts stored at issue, on each download, and mailed to the buyer.

const INVOICE_REF = 'invoice';
const refundRef = (refundedCentsSoFar: number) => `refund:${refundedCentsSoFar}`;

function providerName(provider: string, testMode: boolean): string {
  if (provider === 'sandbox') return 'Cutout sandbox (test mode)';
  return `Lemon Squeezy${testMode ? ' (test mode)' : ''}`;
}

/** The tax included in `totalCents`: what the provider reported, else the seller's rate, else 0. */
function includedTax(order: OrderRow, totalCents: number, ratePercent: number): number {
  const reported = Number(order.tax_cents ?? 0);
  const amount = Number(order.amount_cents);
  if (reported > 0 && amount > 0) return Math.round((reported * totalCents) / amount);
  if (ratePercent <= 0) return 0;
  return Math.round(totalCents - totalCents / (1 + ratePercent / 100));
}

async function issueIn(
  trx: Db,
  order: OrderRow,
  kind: InvoiceData['kind'],
  reference: string,
  totalCents: number,
  now: Date,
): Promise<InvoiceRow> {
  const existing = await findInvoiceOf(trx, order.id, reference);
  if (existing) return existing;
  const testMode = Boolean(Number(order.test_mode));
  const sequence = testMode ? 'test' : 'live';
  const seq = await nextInvoiceSeq(trx, sequence);
  const number = `${testMode ? 'TEST' : 'CUT'}-${String(seq).padStart(6, '0')}`;
  const seller = await businessDetails(trx);
  const buyer = order.user_id
    ? await billingProfile(trx, order.user_id)
    : { name: '', address: '', vatNumber: '' };
  const invoice = kind === 'credit_note' ? await findInvoiceOf(trx, order.id, INVOICE_REF) : null;
  const discount = kind === 'invoice' ? Number(order.discount_cents ?? 0) : 0;
  const taxCents = includedTax(order, totalCents, seller.taxRatePercent);
  const rateText =
    Number(order.tax_cents ?? 0) > 0 || seller.taxRatePercent <= 0
      ? ''
      : ` ${seller.taxRatePercent}%`;
  const plan = order.plan_name ?? order.plan_id ?? 'Credit pack';
  const data: InvoiceData = {
    kind,
    number,
    issuedAt: now.toISOString(),
    testMode,
    seller: {
      name: seller.legalName,
      address: seller.address,
      taxNumber: seller.taxNumber,
      email: seller.contactEmail,
    },
    buyer: {
      name: buyer.name || order.buyer_name || '',
      address: buyer.address,
      taxNumber: buyer.vatNumber,
      email: order.buyer_email ?? '',
    },
    line: {
      description:
        kind === 'invoice'
          ? `${plan} (${order.credits} credits, valid for one year)`
          : `Refund of ${plan}`,
      quantity: 1,
      amountCents: totalCents + discount,
    },
    discountCents: discount,
    taxCents,
    taxLabel: taxCents > 0 ? `${seller.taxLabel || 'Tax'}${rateText}` : '',
    totalCents,
    currency: order.currency,
    provider: providerName(order.provider, testMode),
    paymentMethod: order.payment_method,
    orderNumber: order.receipt_number,
    providerOrderId: order.provider_order_id,
    paidAt: order.paid_at,
    correctsInvoice: invoice?.number ?? null,
  };
  const row = {
    id: randomUUID(),
    number,
    sequence,
    seq,
    kind,
    order_id: order.id,
    reference,
    amount_cents: totalCents,
    tax_cents: taxCents,
    currency: order.currency,
    data: JSON.stringify(data),
    issued_at: now.toISOString(),
  };
  await insertInvoice(trx, row);
  return row;
}

/** The invoice of an order just credited, in the crediting transaction. */
export function issueInvoiceIn(trx: Db, order: OrderRow, now: Date): Promise<InvoiceRow> {
  return issueIn(trx, order, 'invoice', INVOICE_REF, Number(order.amount_cents), now);
}

/**
 * The credit note of one refund (`amountCents` of it, the order's refunded total now being
 * `refundedCentsSoFar`), in the refund's transaction; none for an order never invoiced.
 */
export async function issueCreditNoteIn(
  trx: Db,
  order: OrderRow,
  amountCents: number,
  refundedCentsSoFar: number,
  now: Date,
): Promise<InvoiceRow | undefined> {
  if (amountCents <= 0 || !(await findInvoiceOf(trx, order.id, INVOICE_REF))) return undefined;
  return issueIn(trx, order, 'credit_note', refundRef(refundedCentsSoFar), amountCents, now);
}

export const invoiceData = (row: InvoiceRow) => JSON.parse(row.data) as InvoiceData;

export interface InvoicesServiceOptions {
  db: Db;
  mailer: Mailer;
  publicUrl: () => Promise<string>;
  log: FastifyBaseLogger;
  clock: () => Date;
}

export class InvoicesService {
  constructor(private readonly options: InvoicesServiceOptions) {}

  private async ownOrder(user: SessionUser, orderId: string): Promise<OrderRow> {
    const order = await findOrder(this.options.db, orderId);
    if (!order || order.user_id !== user.id) throw notFound('That order does not exist.');
    return order;
  }

  /**
   * The order's invoice, issued now for an order credited before invoices existed. An order
   * held for review or refunded before it was credited has none.
   */
  private async invoiceOf(order: OrderRow): Promise<InvoiceRow> {
    const { db } = this.options;
    const existing = await findInvoiceOf(db, order.id, INVOICE_REF);
    if (existing) return existing;
    if (!order.lot_id) throw notFound('This order has no invoice: it was never credited.');
    return db.transaction().execute((trx) => issueInvoiceIn(trx, order, this.options.clock()));
  }

  async pdf(row: InvoiceRow): Promise<{ filename: string; pdf: Buffer }> {
    const data = invoiceData(row);
    return { filename: invoiceFilename(data), pdf: await renderInvoicePdf(data) };
  }

  /** GET /api/me/orders/{id}/receipt: the order's invoice as a PDF. */
  async receipt(user: SessionUser, orderId: string) {
    return this.pdf(await this.invoiceOf(await this.ownOrder(user, orderId)));
  }

  /** One of the buyer's invoices or credit notes. */
  async forBuyer(user: SessionUser, invoiceId: string) {
    const row = await findInvoice(this.options.db, invoiceId);
    const order = row ? await findOrder(this.options.db, row.order_id) : undefined;
    if (!row || order?.user_id !== user.id) throw notFound('That invoice does not exist.');
    return this.pdf(row);
  }

  async forAdmin(invoiceId: string) {
    const row = await findInvoice(this.options.db, invoiceId);
    if (!row) throw notFound('That invoice does not exist.');
    return this.pdf(row);
  }

  /** The invoices and credit notes of some orders (lists show their numbers). */
  listOf(orderIds: readonly string[]) {
    return listInvoicesOf(this.options.db, orderIds);
  }

  /**
   * 'E-mail receipt': the invoice mailed now to the buyer's address. Says truthfully whether it
   * went out through SMTP ('sent') or only waits in the outbox ('queued').
   */
  async emailReceipt(user: SessionUser, orderId: string): Promise<'sent' | 'queued'> {
    const row = await this.invoiceOf(await this.ownOrder(user, orderId));
    try {
      const where = await this.options.mailer.send(await this.mail(row, user.email));
      return where === 'smtp' ? 'sent' : 'queued';
    } catch (error) {
      this.options.log.error({ err: error, invoice: row.number }, 'invoice mail failed');
      throw new AppError(502, 'service_unavailable', 'The invoice could not be sent.');
    }
  }

  /** Mails a document just issued (purchase, refund) to the buyer, in the background. */
  mailIssued(row: InvoiceRow): void {
    const to = invoiceData(row).buyer.email;
    if (!to) return;
    // Pending in the mailer from now: closing the app waits for the PDF and the hand-over.
    this.options.mailer.enqueue(this.mail(row, to));
  }

  private async mail(row: InvoiceRow, to: string): Promise<MailMessage> {
    const data = invoiceData(row);
    const { filename, pdf } = await this.pdf(row);
    return invoiceMail(to, {
      kind: data.kind,
      title: invoiceTitle(data),
      number: data.number,
      totalCents: data.totalCents,
      currency: data.currency,
      testMode: data.testMode,
      facts: invoiceFacts(data),
      billingUrl: `${await this.options.publicUrl()}/dashboard/subscriptions`,
      pdf: { filename, content: pdf },
    });
  }
}
