import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounceMs, useDebouncedValue } from './use-debounced-value';

describe('useDebouncedValue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gives the first value at once and a new one only after typing pauses', () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value), {
      initialProps: { value: '' },
    });
    expect(result.current).toBe('');
    rerender({ value: 'a' });
    act(() => {
      vi.advanceTimersByTime(debounceMs - 1);
    });
    rerender({ value: 'ad' });
    act(() => {
      vi.advanceTimersByTime(debounceMs - 1);
    });
    expect(result.current).toBe('');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe('ad');
  });
});
