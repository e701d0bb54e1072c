import { defaultTheme, themeStorageKey, themes, type Theme } from '@cutout/contracts';
import { useEffect, useSyncExternalStore } from 'react';

// Theme choice (spec §2 Theme): light, dark or system (default, follows the OS live), stored
// under localStorage 'theme'. The class is applied before paint by `themeScript` in the root
// <head>; after that this module keeps it in sync.

export type ResolvedTheme = 'light' | 'dark';

const darkQuery = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

function isTheme(value: unknown): value is Theme {
  return (themes as readonly unknown[]).includes(value);
}

export function readStoredTheme(): Theme {
  try {
    const stored = localStorage.getItem(themeStorageKey);
    return isTheme(stored) ? stored : defaultTheme;
  } catch {
    // Storage can be disabled (privacy settings); the default still works.
    return defaultTheme;
  }
}

export function resolveTheme(theme: Theme): ResolvedTheme {
  if (theme !== 'system') return theme;
  return window.matchMedia(darkQuery).matches ? 'dark' : 'light';
}

export function applyTheme(resolved: ResolvedTheme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', resolved === 'dark');
  root.style.colorScheme = resolved;
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(themeStorageKey, theme);
  } catch {
    // Not persisted, but still applied for this page.
  }
  applyTheme(resolveTheme(theme));
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const media = window.matchMedia(darkQuery);
  const onStorage = (event: StorageEvent) => {
    // Another tab changed the choice.
    if (event.key === themeStorageKey || event.key === null) onChange();
  };
  media.addEventListener('change', onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    media.removeEventListener('change', onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// One string so useSyncExternalStore compares by value.
function getSnapshot(): `${Theme}:${ResolvedTheme}` {
  const theme = readStoredTheme();
  return `${theme}:${resolveTheme(theme)}`;
}

// Prerendered HTML cannot know the visitor's choice; hydration starts from the default and
// React re-renders with the real value right after.
function getServerSnapshot(): `${Theme}:${ResolvedTheme}` {
  return `${defaultTheme}:light`;
}

export function useTheme(): {
  theme: Theme;
  resolvedTheme: ResolvedTheme;
  setTheme: typeof setTheme;
} {
  const snapshot = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  const [theme, resolvedTheme] = snapshot.split(':') as [Theme, ResolvedTheme];
  return { theme, resolvedTheme, setTheme };
}

/** Keeps the `dark` class on <html> in step with the choice and, for 'system', with the OS. */
export function useThemeSync(): ResolvedTheme {
  const { resolvedTheme } = useTheme();
  useEffect(() => {
    applyTheme(resolvedTheme);
  }, [resolvedTheme]);
  return resolvedTheme;
}

/**
 * Runs in <head> before the body paints, so a dark-mode visitor never sees a white flash. Static
 * text (the same in every HTML file), so the server's CSP can allow it by hash.
 */
export const themeScript = `(function(){try{var t=localStorage.getItem(${JSON.stringify(themeStorageKey)});var d=t==="dark"||(t!=="light"&&window.matchMedia(${JSON.stringify(darkQuery)}).matches);var r=document.documentElement;r.classList.toggle("dark",d);r.style.colorScheme=d?"dark":"light"}catch(e){}})();`;
