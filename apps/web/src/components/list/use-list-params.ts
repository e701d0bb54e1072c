import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** What every numbered, searchable list keeps: the search text, its filters and the page. */
export type ListParams = { search: string; page: number };

/**
 * A list's search, filters and page. The controls show `params` as typed; `query` is what is
 * sent, with the search text settled (`useDebouncedValue`). Searching or filtering goes back to
 * page 1 (spec §4); `reset` returns to `blank`, and `filtersSet` says whether anything differs
 * from it. `searchProps`, `filterProps(key)` and `resetProps(label)` bind SearchBox, a
 * FilterMenu and ListToolbar's reset button to them.
 */
export function useListParams<P extends ListParams>(blank: P, start: P | (() => P) = blank) {
  const [params, setParams] = useState<P>(start);
  const search = useDebouncedValue(params.search);
  const query: P = search === params.search ? params : { ...params, search };
  const setSearch = (value: string) => setParams((p) => ({ ...p, search: value, page: 1 }));
  const setFilter = <K extends Exclude<keyof P, keyof ListParams>>(key: K, value: P[K]) =>
    setParams((p) => ({ ...p, [key]: value, page: 1 }));
  const reset = () => setParams(blank);
  const filtersSet = (Object.keys(blank) as (keyof P)[]).some(
    (key) => key !== 'page' && params[key] !== blank[key],
  );
  return {
    params,
    query,
    setSearch,
    setFilter,
    setPage: (page: number) => setParams((p) => ({ ...p, page })),
    reset,
    filtersSet,
    searchProps: { value: params.search, onChange: setSearch },
    filterProps: <K extends Exclude<keyof P, keyof ListParams>>(key: K) => ({
      value: params[key],
      onChange: (value: P[K]) => setFilter(key, value),
    }),
    resetProps: (label: string) => ({ label, disabled: !filtersSet, onReset: reset }),
  };
}
