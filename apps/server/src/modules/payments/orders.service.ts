import { paymentTexts, type Order } from '@cutout/contracts';
import type { Db } from '../../db/database.js';
import { conflict, notFound } from '../../errors.js';
import type { ProviderLookup } from './active-provider.js';
import { findOrder, listOrderRows, type OrderFilters, type OrderRow } from './orders.repository.js';
import { toOrder } from './order-view.js';

// Orders as the operator sees them, and refunds through the provider (docs/decisions/0104).

export interface OrdersServiceOptions {
  db: Db;
  provider: ProviderLookup;
}

export class OrdersService {
  constructor(private readonly options: OrdersServiceOptions) {}

  /** Orders, newest first, with filters. */
  async list(filters: OrderFilters, page: { limit: number; offset: number }) {
    const { rows, total } = await this.listRows(filters, page);
    return { orders: rows.map(toOrder), total };
  }

  /** The same list as stored rows (the admin's view adds buyer and note to each order). */
  listRows(filters: OrderFilters, page: { limit: number; offset: number }) {
    return listOrderRows(this.options.db, filters, page);
  }

  async find(orderId: string): Promise<OrderRow> {
    const order = await findOrder(this.options.db, orderId);
    if (!order) throw notFound('That order does not exist.');
    return order;
  }

  /** Whether orders of `provider` can be refunded here: only through the configured provider. */
  async canRefund(provider: string): Promise<boolean> {
    return (await this.options.provider()).adapter?.name === provider;
  }

  /** Asks the order's provider to refund it; the credits go when its `order_refunded` arrives. */
  async refund(orderId: string): Promise<Order> {
    const order = await this.find(orderId);
    if (order.status === 'refunded') throw conflict(paymentTexts.notRefundable);
    const provider = (await this.options.provider()).adapter;
    if (!provider || provider.name !== order.provider)
      throw conflict(paymentTexts.refundUnavailable);
    await provider.refund(order.provider_order_id);
    return toOrder(order);
  }
}
