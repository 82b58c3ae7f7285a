import { useEffect, useState } from 'react';

/**
 * The value once it has stayed unchanged for `delayMs`; the first value is returned at once.
 * The setter skips the wait, for actions (such as Retry) that must take effect now.
 */
export function useDebouncedValue<T>(value: T, delayMs: number): [T, (now: T) => void] {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    // Nothing to wait for (the first value, or a value that came back): no timer, no render.
    if (Object.is(value, debounced)) return;
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, debounced]);
  return [debounced, setDebounced];
}
