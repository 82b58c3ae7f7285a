import { useEffect, useState } from 'react';

export type CopyState = 'idle' | 'copied' | 'failed';
/** How long a copy button says Copied (or that copying failed) before it reads as before. */
const COPY_STATE_MS = 2500;

/** The state of a copy button, back to idle a moment after it changes, so "Copied" shows and then goes. */
export function useCopyState(): [CopyState, (state: CopyState) => void] {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPY_STATE_MS);
    return () => clearTimeout(timer);
  }, [state]);
  return [state, setState];
}
