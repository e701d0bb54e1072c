import { navTexts, themeStorageKey } from '@cutout/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ThemeMenu } from '../features/navigation/components/theme-menu';
import { setSystemDark } from '../test/match-media';
import { readStoredTheme, themeScript, useThemeSync } from './theme';

function App() {
  const resolved = useThemeSync();
  return (
    <>
      <p data-testid="resolved">{resolved}</p>
      <ThemeMenu />
    </>
  );
}

const isDark = () => document.documentElement.classList.contains('dark');

async function choose(option: string) {
  const user = userEvent.setup();
  // Pointing at the stand-in loads the menu's code; click Radix's trigger once it has replaced
  // the stand-in (user-event would send a click to the detached stand-in it was given).
  await user.hover(await screen.findByRole('button', { name: navTexts.theme.label }));
  const trigger = await waitFor(() => {
    const button = screen.getByRole('button', { name: navTexts.theme.label });
    expect(button).toHaveAttribute('data-state', 'closed');
    return button;
  });
  await user.click(trigger);
  await user.click(await screen.findByRole('menuitemradio', { name: option }));
}

describe('theme', () => {
  it('defaults to system, which follows the OS preference', () => {
    setSystemDark(true);
    render(<App />);
    expect(readStoredTheme()).toBe('system');
    expect(isDark()).toBe(true);
  });

  it("stores the choice under 'theme' and applies it", async () => {
    render(<App />);
    await choose(navTexts.theme.dark);
    expect(localStorage.getItem(themeStorageKey)).toBe('dark');
    expect(isDark()).toBe(true);
    await choose(navTexts.theme.light);
    expect(localStorage.getItem(themeStorageKey)).toBe('light');
    expect(isDark()).toBe(false);
  });

  it('follows an OS change live while on system, and ignores it on an explicit choice', async () => {
    render(<App />);
    expect(isDark()).toBe(false);
    act(() => setSystemDark(true));
    expect(isDark()).toBe(true);
    expect(screen.getByTestId('resolved')).toHaveTextContent('dark');
    act(() => setSystemDark(false));
    expect(isDark()).toBe(false);

    await choose(navTexts.theme.dark);
    act(() => setSystemDark(false));
    expect(isDark()).toBe(true);
  });

  it('survives a re-mount', async () => {
    const first = render(<App />);
    await choose(navTexts.theme.dark);
    first.unmount();
    document.documentElement.className = '';
    render(<App />);
    expect(isDark()).toBe(true);
    expect(screen.getByTestId('resolved')).toHaveTextContent('dark');
  });

  it('has a head script that applies the stored choice before React runs', () => {
    localStorage.setItem(themeStorageKey, 'dark');
    // The same static text the root layout inlines; run it the way the browser would.
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running that text is the test
    new Function(themeScript)();
    expect(isDark()).toBe(true);
    localStorage.setItem(themeStorageKey, 'system');
    setSystemDark(false);
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- as above
    new Function(themeScript)();
    expect(isDark()).toBe(false);
  });
});
