import { paths } from '@cutout/contracts';
import type { Mailer } from '../../mail/mailer.js';
import { heldOrderMail, type HeldOrderMail } from '../../mail/templates/held-order.js';
import type { OrderRow } from './orders.repository.js';

// The buyer of an order held for review hears of it twice (decision 0264): when the webhook
// holds it, and when an admin resolves it — Credit, or a full refund (its order_refunded). Sent
// to the address the order was paid with, as the invoices are.

export class HeldOrderMails {
  constructor(private readonly options: { mailer: Mailer; publicUrl: () => Promise<string> }) {}

  /** Queues the mail; an order without a buyer address gets none (the admin sees it held). */
  send(order: OrderRow, mail: HeldOrderMail): void {
    const to = order.buyer_email;
    if (!to) return;
    this.options.mailer.enqueue(
      (async () =>
        heldOrderMail(
          to,
          {
            receiptNumber: order.receipt_number,
            planName: order.plan_name,
            amountCents: Number(order.amount_cents),
            currency: order.currency,
            billingUrl: `${await this.options.publicUrl()}${paths.dashboardSubscriptions}`,
          },
          mail,
        ))(),
    );
  }
}

/** A full refund of an order never credited: the admin's (or the provider's) answer to a hold. */
export const refundsHeldOrder = (order: OrderRow): boolean =>
  order.status === 'refunded' && order.paid_at === null && order.lot_id === null;
