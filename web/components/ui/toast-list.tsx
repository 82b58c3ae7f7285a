import { useEffect, useState } from 'react';
import { COMMON_TEXTS } from '../../../common/texts/common';

export type Toast = { id: number; tone: 'success' | 'error' | 'info'; message: string; shownAt: number };
const VISIBLE_MS = 5000;

/** The toasts on screen (toast.tsx keeps them): each is its own live region (status or alert); the container adds none, so nothing is read twice. */
export function ToastList({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <div className="toasts">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} onDismiss={onDismiss} />
      ))}
    </div>
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
