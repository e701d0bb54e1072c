import { useEffect, useRef } from 'react';
import { loadTurnstile, type TokenStore } from '../lib/turnstile';

/**
 * Cloudflare Turnstile's widget, rendered explicitly once its script has loaded. Its tokens go
 * to `tokens`; each job takes one, and the widget is reset for the next.
 */
export function TurnstileWidget({ siteKey, tokens }: { siteKey: string; tokens: TokenStore }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let widgetId: string | undefined;
    let cancelled = false;
    loadTurnstile()
      .then((api) => {
        if (cancelled || !container.current) return;
        widgetId = api.render(container.current, {
          sitekey: siteKey,
          callback: (token) => tokens.set(token),
          'expired-callback': () => tokens.set(undefined),
          'error-callback': () => tokens.set(undefined),
          theme: 'auto',
          size: 'flexible',
        });
        const id = widgetId;
        tokens.onTaken(() => api.reset(id));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      tokens.onTaken(undefined);
      if (widgetId !== undefined) window.turnstile?.remove(widgetId);
    };
  }, [siteKey, tokens]);

  return <div ref={container} className="mx-auto mt-2 max-w-xs" />;
}
