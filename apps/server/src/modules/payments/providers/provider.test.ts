import { describe, expect, it } from 'vitest';
import { readOrderEvent, type OrderEvent } from './provider.js';

const orderBody = (attributes: Record<string, unknown>) => ({
  meta: { event_name: 'order_created', custom_data: { user_id: 'u1' } },
  data: { type: 'orders', id: '9001', attributes: { total: 1999, currency: 'usd', ...attributes } },
});

const read = (attributes: Record<string, unknown>) =>
  readOrderEvent(orderBody(attributes)) as OrderEvent;

describe('readOrderEvent: how the order was paid', () => {
  it('names the card brand and its last four digits when the provider gives them', () => {
    expect(read({ card_brand: 'visa', card_last_four: '4242' }).paymentMethod).toBe(
      'Visa •••• 4242',
    );
    expect(read({ card_brand: 'mastercard' }).paymentMethod).toBe('Mastercard');
  });

  it('says nothing (null) when the provider names no card, as for PayPal', () => {
    expect(read({}).paymentMethod).toBeNull();
    expect(read({ card_brand: '', card_last_four: '4242' }).paymentMethod).toBeNull();
  });

  it('reads the total, currency and custom data alongside', () => {
    const event = read({ card_brand: 'visa' });
    expect(event).toMatchObject({
      eventName: 'order_created',
      providerOrderId: '9001',
      totalCents: 1999,
      currency: 'USD',
      custom: { userId: 'u1' },
    });
  });
});
