import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation } from '../../lib/router';
import { COMMON_TEXTS } from '../../../common/texts/common';

type Tone = 'success' | 'error' | 'info';
type Toast = { id: number; tone: Tone; message: string; shownAt: number };
type ShowToast = (message: string, tone?: Tone) => void;

const ToastContext = createContext<ShowToast | null>(null);
const VISIBLE_MS = 5000;
/** A toast shown this shortly before the page changes is the news of that change (signed in, saved and sent on). */
const CARRIED_MS = 1500;

/**
 * Short messages the spec shows as alerts. Successes are announced politely (role=status), errors at once
 * (role=alert); each stays five seconds, longer while hovered or focused, and can be dismissed. They leave with the
 * page they belong to (issue 28): on another page, only those shown just before the move stay.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
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
      {/* Each toast is its own live region (status or alert); the container adds none, so nothing is read twice. */}
      <div className="toasts">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [paused, toast.id, onDismiss]);
  return (
    <div
      className={`toast toast-${toast.tone}`}
      role={toast.tone === 'error' ? 'alert' : 'status'}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <span>{toast.message}</span>
      <button type="button" className="toast-close" onClick={() => onDismiss(toast.id)} aria-label={COMMON_TEXTS.dismiss}>
        ×
      </button>
    </div>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider above it');
  return show;
}
