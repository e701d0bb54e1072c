import type { PaymentProvider } from '@cutout/contracts';
import type { PaymentProviderAdapter } from './providers/provider.js';

// Who sells now. It follows Admin → Integrations (docs/decisions/0108), so every service asks at
// each use rather than holding a provider fixed at start.

export interface ActiveProvider {
  name: PaymentProvider;
  /** null: nothing on sale ('none'), or Lemon Squeezy chosen without its keys. */
  adapter: PaymentProviderAdapter | null;
}

export type ProviderLookup = () => Promise<ActiveProvider>;

/** The provider selling now, and whether its orders move no real money. */
export async function sellingNow(
  lookup: ProviderLookup,
): Promise<{ provider: PaymentProvider; testMode: boolean }> {
  const { name, adapter } = await lookup();
  return { provider: name, testMode: adapter?.testMode ?? false };
}
