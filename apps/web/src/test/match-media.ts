// jsdom has no matchMedia. This fake lets a test flip the OS colour scheme or the viewport and
// fire the change events the app listens to.

type Listener = (event: MediaQueryListEvent) => void;

const state = { dark: false, width: 1280 };
const lists = new Set<{ query: string; listeners: Set<Listener>; mql: MediaQueryList }>();

function evaluate(query: string): boolean {
  if (query.includes('prefers-color-scheme: dark')) return state.dark;
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (max) return state.width <= Number(max[1]);
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  if (min) return state.width >= Number(min[1]);
  return false;
}

export function installMatchMedia(): void {
  state.dark = false;
  state.width = 1280;
  lists.clear();
  window.matchMedia = (query: string): MediaQueryList => {
    const listeners = new Set<Listener>();
    const mql = {
      media: query,
      get matches() {
        return evaluate(query);
      },
      onchange: null,
      addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
      removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
      addListener: (listener: Listener) => listeners.add(listener),
      removeListener: (listener: Listener) => listeners.delete(listener),
      dispatchEvent: () => true,
    } as unknown as MediaQueryList;
    lists.add({ query, listeners, mql });
    return mql;
  };
}

function notify(): void {
  for (const { query, listeners, mql } of lists) {
    const event = { matches: evaluate(query), media: query } as MediaQueryListEvent;
    for (const listener of listeners) listener.call(mql, event);
  }
}

export function setSystemDark(dark: boolean): void {
  state.dark = dark;
  notify();
}

export function setViewportWidth(width: number): void {
  state.width = width;
  notify();
}

export function activeMediaListeners(): number {
  let n = 0;
  for (const { listeners } of lists) n += listeners.size;
  return n;
}
