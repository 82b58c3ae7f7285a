import type { ReactNode } from 'react';
import { ADMIN_TEXTS } from '../../../common/texts/admin';
import { COMMON_TEXTS } from '../../../common/texts/common';
import { Dialog } from './dialog';

type Props = {
  title: string;
  children: ReactNode;
  /** Defaults to Delete, the one thing the dashboard asks about. */
  confirmLabel?: string;
  busyLabel?: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Asks before something that cannot be undone; the dangerous button is not the one focused first. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel = ADMIN_TEXTS.delete,
  busyLabel = COMMON_TEXTS.deleting,
  busy,
  onConfirm,
  onCancel,
}: Props) {
  return (
    <Dialog title={title} onClose={onCancel} busy={busy}>
      <div className="dialog-body">{children}</div>
      <div className="dialog-actions">
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={busy} autoFocus>
          {ADMIN_TEXTS.cancel}
        </button>
        <button type="button" className="button button-danger" onClick={onConfirm} disabled={busy}>
          {busy ? busyLabel : confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}
