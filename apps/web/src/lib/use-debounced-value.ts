import { useEffect, useState } from 'react';

/** How long typing pauses before a list asks the server again: one value for every search box. */
export const debounceMs = 300;

/** `value`, once it has stayed the same for `debounceMs` (the first render gets it at once). */
export function useDebouncedValue<T>(value: T, ms: number = debounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
