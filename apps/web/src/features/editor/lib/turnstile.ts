// Cloudflare Turnstile, the bot check, loaded only when the server gives a site key
// (GET /api/editor/config). With no key, nothing is fetched from another origin.

export const turnstileScriptUrl =
  'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

export type TurnstileApi = {
  render: (
    container: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback'?: () => void;
      'error-callback'?: () => void;
      theme?: 'light' | 'dark' | 'auto';
      size?: 'normal' | 'flexible' | 'compact';
    },
  ) => string;
  reset: (widgetId: string) => void;
  remove: (widgetId: string) => void;
};

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

let loading: Promise<TurnstileApi> | undefined;

/** Adds the script once (explicit rendering) and resolves with `window.turnstile`. */
export function loadTurnstile(doc: Document = document): Promise<TurnstileApi> {
  const win = doc.defaultView;
  if (win?.turnstile) return Promise.resolve(win.turnstile);
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = doc.createElement('script');
    script.src = turnstileScriptUrl;
    script.async = true;
    script.onload = () => {
      if (win?.turnstile) resolve(win.turnstile);
      else reject(new Error('Turnstile did not load'));
    };
    script.onerror = () => {
      loading = undefined;
      script.remove();
      reject(new Error('Turnstile did not load'));
    };
    doc.head.append(script);
  });
  return loading;
}

/**
 * One widget's tokens. A token is single-use: `take()` hands out the current one and resets the
 * widget for the next job; it waits when the visitor has not passed the check yet.
 */
export function createTokenStore() {
  let token: string | undefined;
  let waiters: ((token: string) => void)[] = [];
  let taken: (() => void) | undefined;
  return {
    /** Called after each token is handed out (the widget resets itself for a new one). */
    onTaken(callback: (() => void) | undefined) {
      taken = callback;
    },
    set(value: string | undefined) {
      token = value;
      if (value) {
        for (const waiter of waiters) waiter(value);
        waiters = [];
      }
    },
    current: () => token,
    take(signal?: AbortSignal): Promise<string> {
      if (token) {
        const value = token;
        token = undefined;
        taken?.();
        return Promise.resolve(value);
      }
      return new Promise((resolve, reject) => {
        const waiter = (value: string) => {
          token = undefined;
          taken?.();
          resolve(value);
        };
        waiters.push(waiter);
        signal?.addEventListener(
          'abort',
          () => {
            waiters = waiters.filter((w) => w !== waiter);
            reject(signal.reason as Error);
          },
          { once: true },
        );
      });
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;
