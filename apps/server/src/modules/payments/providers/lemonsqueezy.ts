import { checkoutTexts } from '@cutout/contracts';
import { AppError } from '../../../errors.js';
import { verifySignature, type CheckoutRequest, type PaymentProviderAdapter } from './provider.js';

// Lemon Squeezy (the spec's provider): a hosted checkout created through its JSON:API
// (POST /v1/checkouts), signed webhooks (X-Signature), refunds (POST /v1/orders/{id}/refund).
// The API base URL is configurable, so the tests run this adapter against a local server.

export interface LemonSqueezyOptions {
  apiKey: string;
  storeId: string;
  webhookSecret: string;
  apiUrl: string;
  /** The admin says the store is in test mode (decision 0123). */
  testMode?: boolean;
  /** Buyers may enter discount codes (decision 0120). */
  discounts?: boolean;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const JSON_API = 'application/vnd.api+json';

export class LemonSqueezyProvider implements PaymentProviderAdapter {
  readonly name = 'lemonsqueezy' as const;
  readonly testMode: boolean;
  readonly discountsAllowed: boolean;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: LemonSqueezyOptions) {
    this.fetch = options.fetch ?? fetch;
    this.testMode = options.testMode ?? false;
    this.discountsAllowed = options.discounts ?? false;
  }

  variantFor(plan: { lemonsqueezy_variant_id: string | null }): string | null {
    return plan.lemonsqueezy_variant_id || null;
  }

  private async call(path: string, body: unknown): Promise<unknown> {
    const response = await this.fetch(`${this.options.apiUrl}${path}`, {
      method: 'POST',
      headers: {
        Accept: JSON_API,
        'Content-Type': JSON_API,
        Authorization: `Bearer ${this.options.apiKey}`,
      },
      body: body === undefined ? null : JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
    });
    const text = await response.text();
    if (!response.ok) {
      // The provider's answer goes to the log through the caught error, never to the buyer.
      throw new Error(`Lemon Squeezy ${path} answered ${response.status}: ${text.slice(0, 500)}`);
    }
    return text ? (JSON.parse(text) as unknown) : null;
  }

  async createCheckout(request: CheckoutRequest) {
    // Without a store id nothing can be sold; the buyer gets the customer's text (issue 26).
    if (!this.options.storeId)
      throw new AppError(503, 'service_unavailable', checkoutTexts.unavailableTitle);
    if (!request.plan.variantId) {
      throw new AppError(400, 'validation_failed', checkoutTexts.variantRequired);
    }
    const answer = (await this.call('/v1/checkouts', {
      data: {
        type: 'checkouts',
        attributes: {
          // The price this checkout stored, in cents (decision 0264): Lemon Squeezy charges it
          // instead of the variant's price in its dashboard, so the buyer pays what Cutout
          // showed and the order matches its checkout even after a price edit.
          custom_price: request.plan.priceCents,
          checkout_data: {
            email: request.buyer.email,
            name: request.buyer.name,
            custom: {
              user_id: request.buyer.userId,
              plan_id: request.plan.id,
              credits: String(request.plan.credits),
              checkout_id: request.checkoutId,
            },
          },
          // Only the plan's variant can be bought here (a buyer who switched to another variant
          // would pay for something no plan grants), and discount codes only when the admin
          // allows them (decision 0120).
          product_options: {
            redirect_url: request.redirectUrl,
            enabled_variants: [Number(request.plan.variantId) || request.plan.variantId],
          },
          checkout_options: { discount: request.discountsAllowed },
        },
        relationships: {
          store: { data: { type: 'stores', id: this.options.storeId } },
          variant: { data: { type: 'variants', id: request.plan.variantId } },
        },
      },
    })) as { data?: { id?: unknown; attributes?: { url?: unknown } } } | null;
    const url = answer?.data?.attributes?.url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url) || !URL.canParse(url)) {
      throw new Error(checkoutTexts.invalidCheckoutUrl);
    }
    const id = answer?.data?.id;
    return {
      url,
      providerCheckoutId: typeof id === 'string' || typeof id === 'number' ? String(id) : '',
    };
  }

  verify(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): boolean {
    return verifySignature(rawBody, headers['x-signature'], this.options.webhookSecret);
  }

  /** Lemon Squeezy refunds `amount` cents when given (a partial refund), else the rest. */
  async refund(providerOrderId: string, amountCents?: number): Promise<void> {
    await this.call(`/v1/orders/${encodeURIComponent(providerOrderId)}/refund`, {
      data: {
        type: 'orders',
        id: providerOrderId,
        ...(amountCents !== undefined ? { attributes: { amount: amountCents } } : {}),
      },
    });
  }
}
