import { COMMON_TEXTS } from '../../../../common/texts/common';
import { IMPORT_TEXTS } from '../../../../common/texts/imports';
import { useToast } from '../../../components/ui/toast';
import { reasonOf } from '../../../lib/errors';
import { useImport } from '../api/get-import';
import { useCancelImport, useUndoImport } from '../api/import-actions';
import { plural } from '../../../lib/admin/format';
import './imports.css';

const STATUS_TEXT = IMPORT_TEXTS.statuses;

/**
 * An import running on the server, or just finished: its progress bar and Cancel while it runs, what it did and
 * Undo after. It reads the import again every second while it runs, so a reload of the page finds it again.
 */
export function ImportStatus({ id, onDismiss }: { id: string; onDismiss: () => void }) {
  const toast = useToast();
  const state = useImport(id);
  const cancel = useCancelImport();
  const undo = useUndoImport();
  const data = state.data;
  if (!data) return null;
  const { processed, total } = data.progress;
  const result = data.result;
  const pictures = data.pictures;
  const undoButton = (
    <button
      type="button"
      className="button button-ghost button-small"
      disabled={undo.isPending}
      onClick={() =>
        undo.mutate(id, {
          onSuccess: () => toast('The import was undone.', 'success'),
          onError: (err) => toast(`Undo failed: ${reasonOf(err)}`, 'error'),
        })
      }
    >
      {undo.isPending ? COMMON_TEXTS.undoing : IMPORT_TEXTS.undoImport}
    </button>
  );
  return (
    <section className="import-status" aria-labelledby={`import-${id}`} aria-busy={data.status === 'running'}>
      <h3 id={`import-${id}`}>
        {STATUS_TEXT[data.status]}: {data.source}
      </h3>
      {data.status === 'running' && (
        <>
          {pictures ? (
            <>
              <progress max={Math.max(pictures.total, 1)} value={pictures.fetched + pictures.failed} aria-label="Pictures progress" />
              <p aria-live="polite">
                All {plural(total, 'row')} written: the products are live. Pictures: {pictures.fetched.toLocaleString('en-US')} fetched,{' '}
                {pictures.failed.toLocaleString('en-US')} failed,{' '}
                {Math.max(0, pictures.total - pictures.fetched - pictures.failed).toLocaleString('en-US')} to go. You may close this page:
                the import goes on.
              </p>
            </>
          ) : (
            <>
              <progress max={Math.max(total, 1)} value={processed} aria-label="Import progress" />
              <p aria-live="polite">
                {processed.toLocaleString('en-US')} of {plural(total, 'row')} written. You may close this page: the import goes on.
              </p>
            </>
          )}
          <div className="toolbar-actions">
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(id)}
            >
              Cancel import
            </button>
            {data.canUndo && undoButton}
          </div>
        </>
      )}
      {data.status !== 'running' && result && (
        <>
          <p aria-live="polite">
            {plural(result.created, 'product')} added, {result.updated.toLocaleString('en-US')} updated
            {result.skipped > 0 ? `, ${result.skipped.toLocaleString('en-US')} skipped` : ''}.{result.message ? ` ${result.message}` : ''}
            {result.undo
              ? ` Undo put back ${plural(result.undo.restored, 'product')}${result.undo.skipped > 0 ? ` and left ${result.undo.skipped} changed since` : ''}.`
              : ''}
          </p>
          {(pictures?.failed ?? result.imageFailures.length) > 0 && (
            <p>
              {plural(pictures?.failed ?? result.imageFailures.length, 'picture')} could not be fetched:{' '}
              {pictures?.failed === 1 ? 'its product has' : 'those products have'} no picture.{' '}
              <a href={`/api/admin/imports/${id}/errors`} download>
                Download the list (CSV)
              </a>
            </p>
          )}
          <div className="toolbar-actions">
            {data.canUndo && undoButton}
            <button type="button" className="button button-ghost button-small" onClick={onDismiss}>
              Dismiss
            </button>
          </div>
        </>
      )}
    </section>
  );
}
