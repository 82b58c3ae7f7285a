import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { ADMIN_TEXTS } from '../../../common/texts/admin';
import { COMMON_TEXTS } from '../../../common/texts/common';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Keeps Escape from closing it while something is being saved. */
  busy?: boolean;
  className?: string;
};

/**
 * A modal dialog on the native <dialog>: the browser traps focus, makes the page behind it inert and closes it on
 * Escape. Mount it to open it and unmount it to close it; focus goes back where it was before.
 */
export function Dialog({ title, onClose, children, busy = false, className = '' }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    return () => {
      dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={`dialog ${className}`}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}

/** Cancel and the submit button at the foot of a form in a dialog; both wait while it saves. */
export function DialogFormActions({ onCancel, busy, submitLabel }: { onCancel: () => void; busy: boolean; submitLabel: string }) {
  return (
    <div className="dialog-actions">
      <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy}>
        {ADMIN_TEXTS.cancel}
      </button>
      <button type="submit" className="button button-primary" disabled={busy}>
        {busy ? COMMON_TEXTS.saving : submitLabel}
      </button>
    </div>
  );
}
