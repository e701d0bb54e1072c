import { renderHook } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToastSpy, toastSpy } from '../test/toast-mock';
import { entryToastDelayMs, useEntryToast } from './use-entry-toast';

vi.mock('./toast', async () => (await import('../test/toast-mock')).toastModuleMock);

const welcome = { id: 'welcome', title: 'Welcome', description: 'Hello', durationMs: 3000 };

describe('useEntryToast', () => {
  // The page's clock is the test's: the delays pass when the test says, not in real time.
  beforeEach(() => {
    resetToastSpy();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the toast once when the page opens, with its id and duration', async () => {
    renderHook(() => useEntryToast(welcome), { wrapper: StrictMode });
    // The page has loaded (jsdom's document is complete); the browser goes idle, and then
    // entryToastDelayMs more pass.
    await vi.advanceTimersByTimeAsync(entryToastDelayMs - 1);
    expect(toastSpy.info).not.toHaveBeenCalled();
    await vi.runAllTimersAsync();
    expect(toastSpy.info).toHaveBeenCalledTimes(1);
    expect(toastSpy.info).toHaveBeenCalledWith('Welcome', {
      id: 'welcome',
      description: 'Hello',
      duration: 3000,
    });
  });

  it('shows nothing when the page is left before sonner has loaded', async () => {
    const { unmount } = renderHook(() => useEntryToast(welcome));
    unmount();
    await vi.runAllTimersAsync();
    expect(toastSpy.info).not.toHaveBeenCalled();
  });
});
