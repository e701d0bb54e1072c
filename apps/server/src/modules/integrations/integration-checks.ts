import {
  integrationFields,
  integrationTexts,
  type IntegrationCheckResult,
} from '@cutout/contracts';
import type { Mailer } from '../../mail/mailer.js';
import { testEmailMail } from '../../mail/templates/test-email.js';
import type { EffectiveIntegrations } from './integration-settings.js';

// The Integrations page's two buttons (issue 14): each does the real thing and reports what
// actually happened — the SMTP server's own refusal, Lemon Squeezy's own status — never a guess.

export async function sendTestEmail(
  mailer: Pick<Mailer, 'send'>,
  to: string,
  publicUrl: string,
): Promise<IntegrationCheckResult> {
  try {
    const where = await mailer.send(testEmailMail(to, publicUrl));
    return where === 'smtp'
      ? { ok: true, message: integrationTexts.testEmailSent(to) }
      : { ok: true, message: integrationTexts.testEmailOutbox(to) };
  } catch (error) {
    return { ok: false, message: integrationTexts.testEmailFailed(describe(error)) };
  }
}

export async function checkPaymentProvider(
  payments: EffectiveIntegrations['payments'],
  fetchImpl: typeof fetch = fetch,
): Promise<IntegrationCheckResult> {
  if (payments.provider === 'sandbox')
    return { ok: true, message: integrationTexts.providerSandbox };
  if (payments.provider === 'none') return { ok: false, message: integrationTexts.providerNone };
  const ls = payments.lemonSqueezy;
  const missing = (
    [
      ['lemonSqueezyApiKey', ls.apiKey],
      ['lemonSqueezyStoreId', ls.storeId],
      ['lemonSqueezyWebhookSecret', ls.webhookSecret],
    ] as const
  )
    .filter(([, value]) => !value)
    .map(([key]) => integrationFields[key].label);
  if (missing.length > 0) {
    return { ok: false, message: integrationTexts.providerMissing(missing.join(', ')) };
  }
  let response: Response;
  try {
    // An authenticated read of the configured store: proves the key, the store id and the URL.
    response = await fetchImpl(`${ls.apiUrl}/v1/stores/${encodeURIComponent(ls.storeId)}`, {
      headers: { Accept: 'application/vnd.api+json', Authorization: `Bearer ${ls.apiKey}` },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    return { ok: false, message: integrationTexts.providerUnreachable(describe(error)) };
  }
  const body = await response.text();
  let parsed: unknown;
  try {
    parsed = body ? JSON.parse(body) : null;
  } catch {
    parsed = null;
  }
  if (!response.ok) {
    return {
      ok: false,
      message: integrationTexts.providerRefused(response.status, errorDetail(parsed)),
    };
  }
  const name = (parsed as { data?: { attributes?: { name?: unknown } } } | null)?.data?.attributes
    ?.name;
  return {
    ok: true,
    message: integrationTexts.providerOk(typeof name === 'string' ? name : ls.storeId),
  };
}

/** JSON:API's first error (`errors[0].detail` or `.title`), cut short. */
function errorDetail(body: unknown): string {
  const first = (body as { errors?: { detail?: unknown; title?: unknown }[] } | null)?.errors?.[0];
  const text = typeof first?.detail === 'string' ? first.detail : first?.title;
  return typeof text === 'string' ? text.slice(0, 300) : '';
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    // fetch's own message is 'fetch failed'; the reason is in its cause.
    const cause = (error as Error & { cause?: unknown }).cause;
    const reason = cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
    return reason.slice(0, 500);
  }
  return String(error).slice(0, 500);
}
