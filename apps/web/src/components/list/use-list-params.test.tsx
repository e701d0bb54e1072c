import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounceMs } from '../../lib/use-debounced-value';
import { useListParams } from './use-list-params';

const blank = { search: '', plan: 'all' as 'all' | 'pro', page: 1 };

describe('useListParams', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes back to page 1 on a filter or search, and sends the search once typing pauses', () => {
    const { result } = renderHook(() => useListParams(blank));
    act(() => result.current.setPage(3));
    act(() => result.current.setFilter('plan', 'pro'));
    expect(result.current.params).toEqual({ search: '', plan: 'pro', page: 1 });
    expect(result.current.filtersSet).toBe(true);

    act(() => result.current.setPage(2));
    act(() => result.current.setSearch('ada'));
    expect(result.current.params.page).toBe(1);
    expect(result.current.query.search).toBe('');
    act(() => {
      vi.advanceTimersByTime(debounceMs);
    });
    expect(result.current.query).toEqual({ search: 'ada', plan: 'pro', page: 1 });

    act(() => result.current.reset());
    expect(result.current.params).toEqual(blank);
    expect(result.current.filtersSet).toBe(false);
  });

  it('starts from the given params and resets to the blank ones', () => {
    const { result } = renderHook(() => useListParams(blank, () => ({ ...blank, plan: 'pro' })));
    expect(result.current.filtersSet).toBe(true);
    act(() => result.current.reset());
    expect(result.current.params.plan).toBe('all');
  });

  it('binds the search box, a filter and the reset button to the same params', () => {
    const { result } = renderHook(() => useListParams(blank));
    expect(result.current.resetProps('Reset')).toMatchObject({ label: 'Reset', disabled: true });
    act(() => result.current.setPage(2));
    act(() => result.current.filterProps('plan').onChange('pro'));
    expect(result.current.filterProps('plan').value).toBe('pro');
    expect(result.current.params.page).toBe(1);
    act(() => result.current.searchProps.onChange('ada'));
    expect(result.current.searchProps.value).toBe('ada');
    const reset = result.current.resetProps('Reset');
    expect(reset.disabled).toBe(false);
    act(() => reset.onReset());
    expect(result.current.params).toEqual(blank);
  });
});
