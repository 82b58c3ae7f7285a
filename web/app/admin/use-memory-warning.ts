import { useEffect, useState } from 'react';
import { MEMORY_CHECK_MS, MEMORY_CLEAR_RATIO, MEMORY_WARN_RATIO } from '../../../common/admin-constants';

type HeapInfo = { usedJSHeapSize: number; jsHeapSizeLimit: number };

/**
 * Spec section 4's high-memory warning, kept as a development aid only: the share of the JavaScript heap in use,
 * checked every 5 s, once above 80 % and until below 60 %; null otherwise, in production builds and in browsers
 * that do not report heap use.
 */
export function useMemoryWarning(): number | null {
  const [ratio, setRatio] = useState<number | null>(null);
  useEffect(() => {
    if (!import.meta.env.DEV) return;
    const memory = (performance as Performance & { memory?: HeapInfo }).memory;
    if (!memory) return;
    const check = () => {
      const used = memory.usedJSHeapSize / memory.jsHeapSizeLimit;
      setRatio((shown) => (used > MEMORY_WARN_RATIO || (shown !== null && used >= MEMORY_CLEAR_RATIO) ? used : null));
    };
    check();
    const timer = window.setInterval(check, MEMORY_CHECK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return ratio;
}
