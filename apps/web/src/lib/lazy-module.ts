import { useSyncExternalStore } from 'react';

/**
 * A module loaded on demand, for code no page needs for its first paint: it is fetched when
 * `load()` is first called — when a person shows the intent to use it (hover, focus, press) —
 * never as part of the first visit (docs/decisions/0022-web-first-load-budget.md). Unlike
 * React.lazy during hydration, the server HTML and the first client render both show a stand-in
 * that is part of the page's own code, so it is interactive at once; the real component
 * replaces it when its code arrives.
 */
export type LazyModule<T> = {
  load: () => Promise<T>;
  subscribe: (onChange: () => void) => () => void;
  getSnapshot: () => T | undefined;
};

export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let loaded: T | undefined;
  let pending: Promise<T> | undefined;
  const listeners = new Set<() => void>();

  const load = () => {
    pending ??= importer().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        // A failed chunk request (offline, a deploy in between) may succeed on a later mount.
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  return {
    load,
    subscribe(onChange) {
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
      };
    },
    getSnapshot: () => loaded,
  };
}

const notLoadedOnServer = () => undefined;

/** The module once loaded; undefined in prerendered HTML, during hydration and until then. */
export function useLazyModule<T>(module: LazyModule<T>): T | undefined {
  return useSyncExternalStore(module.subscribe, module.getSnapshot, notLoadedOnServer);
}
