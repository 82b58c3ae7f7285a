import { useEffect, useState } from 'react';

/**
 * The value once it has stayed unchanged for `delayMs`; the first value is returned at once.
 * The setter skips the wait, for actions (such as Retry) that must take effect now.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, (now: T) => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return [debounced, setDebounced];
}
