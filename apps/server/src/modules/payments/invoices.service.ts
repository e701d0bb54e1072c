import type { SessionUser } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { findOrder, type OrderRow } from './orders.repository.js';
import { receiptFilename, receiptHtml, receiptMail } from './receipts.js';

// The buyer's receipts: downloaded, e-mailed on request, and mailed when an order is credited.

export interface InvoicesServiceOptions {
  db: Db;
  mailer: Mailer;
}

export class InvoicesService {
  constructor(private readonly options: InvoicesServiceOptions) {}

  private async ownOrder(user: SessionUser, orderId: string): Promise<OrderRow> {
    const order = await findOrder(this.options.db, orderId);
    if (!order || order.user_id !== user.id) throw notFound('That order does not exist.');
    return order;
  }

  async receipt(user: SessionUser, orderId: string) {
    const order = await this.ownOrder(user, orderId);
    return { filename: receiptFilename(order), html: receiptHtml(order) };
  }

  async emailReceipt(user: SessionUser, orderId: string): Promise<void> {
    const order = await this.ownOrder(user, orderId);
    this.options.mailer.enqueue(receiptMail(order, user.email));
  }

  /** The receipt of an order just credited, to the address the provider gave. */
  mailReceipt(order: OrderRow): void {
    const to = order.buyer_email;
    if (to) this.options.mailer.enqueue(receiptMail(order, to));
  }
}
