import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetToastSpy, toastSpy } from '../test/toast-mock';
import { useErrorToast } from './use-error-toast';

vi.mock('./toast', async () => (await import('../test/toast-mock')).toastModuleMock);

describe('useErrorToast', () => {
  beforeEach(() => resetToastSpy());

  it('toasts each new failure once, titled, with the error as the description', async () => {
    const { rerender } = renderHook(
      ({ error }) => useErrorToast(error, { title: 'Could not load users' }),
      { initialProps: { error: null as Error | null } },
    );
    expect(toastSpy.error).not.toHaveBeenCalled();
    const failure = new Error('Server down');
    rerender({ error: failure });
    rerender({ error: failure });
    await vi.waitFor(() => expect(toastSpy.error).toHaveBeenCalledTimes(1));
    expect(toastSpy.error).toHaveBeenCalledWith('Could not load users', {
      description: 'Server down',
    });
    rerender({ error: null });
    rerender({ error: new Error('Again') });
    await vi.waitFor(() => expect(toastSpy.error).toHaveBeenCalledTimes(2));
  });
});
