import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '../../lib/router';
import { laterPart } from '../../lib/hydrate-later';
import type { Toast } from './toast-list';

type Tone = Toast['tone'];
type ShowToast = (message: string, tone?: Tone) => void;

/** The toasts themselves: none is on a page as it opens, so their code loads after the first view (issue 38). */
const ToastList = laterPart(() => import('./toast-list').then((m) => m.ToastList));
const NO_TOASTS: Toast[] = [];

const ToastContext = createContext<ShowToast | null>(null);
/** A toast shown this shortly before the page changes is the news of that change (signed in, saved and sent on). */
const CARRIED_MS = 1500;

/**
 * Short messages the spec shows as alerts. Successes are announced politely (role=status), errors at once
 * (role=alert); each stays five seconds, longer while hovered or focused, and can be dismissed. They leave with the
 * page they belong to (issue 28): on another page, only those shown just before the move stay.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>(NO_TOASTS);
  const next = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback<ShowToast>((message, tone = 'info') => {
    const id = next.current++;
    setToasts((all) => [...all.slice(-3), { id, tone, message, shownAt: Date.now() }]);
  }, []);
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  useEffect(() => {
    if (shownOn.current === pathname) return;
    shownOn.current = pathname;
    const since = Date.now() - CARRIED_MS;
    setToasts((all) => (all.some((t) => t.shownAt < since) ? all.filter((t) => t.shownAt >= since) : all));
  }, [pathname]);
  const value = useMemo(() => show, [show]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastList toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider above it');
  return show;
}
