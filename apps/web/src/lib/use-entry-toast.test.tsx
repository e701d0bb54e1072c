import { renderHook, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToastSpy, toastSpy } from '../test/toast-mock';
import { entryToastDelayMs, useEntryToast } from './use-entry-toast';

vi.mock('./toast', async () => (await import('../test/toast-mock')).toastModuleMock);

const welcome = { id: 'welcome', title: 'Welcome', description: 'Hello', durationMs: 3000 };

describe('useEntryToast', () => {
  beforeEach(resetToastSpy);

  it('shows the toast once when the page opens, with its id and duration', async () => {
    renderHook(() => useEntryToast(welcome), { wrapper: StrictMode });
    // After the page has loaded, gone idle, and entryToastDelayMs more.
    await waitFor(() => expect(toastSpy.info).toHaveBeenCalled(), { timeout: 4000 });
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
    await new Promise((resolve) => setTimeout(resolve, entryToastDelayMs + 500));
    expect(toastSpy.info).not.toHaveBeenCalled();
  });
});
