import { AppError } from '../../errors.js';

// Cloudflare Turnstile, the editor's bot check, when TURNSTILE_SITE_KEY and TURNSTILE_SECRET_KEY
// are set; without them the check is skipped (README, "Configuration"). The token the widget gave
// the browser is verified by Cloudflare's siteverify endpoint, once.

export interface TurnstileConfig {
  siteKey: string;
  secretKey: string;
  verifyUrl: string;
}

export const turnstileTexts = {
  missing: 'Please complete the bot check before processing an image.',
  failed: 'The bot check failed. Please try again.',
  unavailable: 'The bot check could not be verified right now. Please try again in a moment.',
} as const;

export async function verifyTurnstile(
  config: TurnstileConfig,
  token: string | undefined,
  ip: string,
): Promise<void> {
  if (!token) throw new AppError(403, 'forbidden', turnstileTexts.missing);
  let outcome: { success?: boolean };
  try {
    const response = await fetch(config.verifyUrl, {
      method: 'POST',
      body: new URLSearchParams({ secret: config.secretKey, response: token, remoteip: ip }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    outcome = (await response.json()) as { success?: boolean };
  } catch {
    throw new AppError(503, 'service_unavailable', turnstileTexts.unavailable);
  }
  if (outcome.success !== true) throw new AppError(403, 'forbidden', turnstileTexts.failed);
}
