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
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const JSON_API = 'application/vnd.api+json';

export class LemonSqueezyProvider implements PaymentProviderAdapter {
  readonly name = 'lemonsqueezy' as const;
  // Lemon Squeezy marks test orders itself (meta.test_mode); the store's key decides.
  readonly testMode = false;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: LemonSqueezyOptions) {
    this.fetch = options.fetch ?? fetch;
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
    if (!this.options.storeId)
      throw new AppError(503, 'service_unavailable', checkoutTexts.notConfigured);
    if (!request.plan.variantId) {
      throw new AppError(400, 'validation_failed', checkoutTexts.variantRequired);
    }
    const answer = (await this.call('/v1/checkouts', {
      data: {
        type: 'checkouts',
        attributes: {
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
          product_options: { redirect_url: request.redirectUrl },
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

  async refund(providerOrderId: string): Promise<void> {
    await this.call(`/v1/orders/${encodeURIComponent(providerOrderId)}/refund`, {
      data: { type: 'orders', id: providerOrderId },
    });
  }
}
