import { useState } from 'react';
import type { Import } from '../../../../common/schemas/imports';
import { pageCount } from '../../../../common/schemas/paging';
import { COMMON_TEXTS } from '../../../../common/texts/common';
import { IMPORT_TEXTS } from '../../../../common/texts/imports';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadStatus } from '../../../components/ui/load-status';
import { Pager } from '../../../components/ui/pager';
import { useToast } from '../../../components/ui/toast';
import { formatDateTime, plural } from '../../../lib/admin/format';
import { useRefetchPictures } from '../../../lib/admin/refetch-pictures';
import { reasonOf } from '../../../lib/errors';
import { PICTURE_REFETCH_TEXTS } from '../../../../common/texts/admin';
import { useImportHistory } from '../api/get-import';
import { useUndoImport } from '../api/import-actions';
import './imports.css';

const STATUS_TEXT = IMPORT_TEXTS.historyStatuses;

/** What an import did, in words: its counts before it ran, what it wrote after. */
function outcome(item: Import): string {
  const { counts, result } = item;
  const invalid = counts.invalid > 0 ? `, ${counts.invalid.toLocaleString('en-US')} invalid` : '';
  if (!result) return `${plural(counts.new, 'new product')}, ${counts.updated.toLocaleString('en-US')} to update${invalid}`;
  const skipped = result.skipped > 0 ? `, ${result.skipped.toLocaleString('en-US')} skipped` : '';
  return `${plural(result.created, 'product')} added, ${result.updated.toLocaleString('en-US')} updated${skipped}${invalid}`;
}

/**
 * The import history (issue 26): every import, newest first, with its source, status, counts, who and when, the
 * errors file, and Undo (confirmed first) for as long as what it wrote is still as it left it; a reload finds it all
 * again (it is read from the server). A folded panel under the Items toolbar; on a phone each import is a block.
 */
export function ImportHistory() {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const history = useImportHistory(page, open);
  const undo = useUndoImport();
  const refetch = useRefetchPictures();
  const refetchImport = (item: Import) => refetch.mutate({ importId: item.id });
  const [undoing, setUndoing] = useState<Import | null>(null);
  const data = history.data;
  const pages = data ? pageCount(data.total, data.pageSize) : 1;

  const confirmUndo = () => {
    if (!undoing) return;
    undo.mutate(undoing.id, {
      onSuccess: (state) => {
        const removed = state.result?.categoriesRemoved ?? [];
        const back = state.result?.undo;
        toast(
          `The import was undone${back ? `: ${plural(back.restored, 'product')} put back${back.skipped > 0 ? `, ${back.skipped} changed since left as they are` : ''}` : ''}` +
            `${removed.length > 0 ? `; ${plural(removed.length, 'empty category', 'empty categories')} removed (${removed.join(', ')})` : ''}.`,
          'success',
        );
        void history.refetch();
      },
      onError: (err) => toast(`Undo failed: ${reasonOf(err)}`, 'error'),
      onSettled: () => setUndoing(null),
    });
  };

  return (
    <details className="synced-sheets import-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>Import history{data ? ` (${data.total.toLocaleString('en-US')})` : ''}</summary>
      {open && (
        <>
          <LoadStatus
            loading={history.isPending}
            loadingLabel="Loading the import history"
            failure={history.isError && `The import history could not be loaded: ${reasonOf(history.error)}`}
            onRetry={() => void history.refetch()}
          />
          {data && data.items.length === 0 && <p>No imports yet.</p>}
          {data && data.items.length > 0 && (
            <div className="data-table-wrap" role="region" aria-label="Imports, newest first" tabIndex={0}>
              <table className="data-table synced-table import-history-table">
                <caption className="visually-hidden">Imports, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Source</th>
                    <th scope="col">Status</th>
                    <th scope="col">Rows</th>
                    <th scope="col">By</th>
                    <th scope="col">When</th>
                    <th scope="col">Errors</th>
                    <th scope="col">Pictures</th>
                    <th scope="col">{COMMON_TEXTS.undo}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((item) => (
                    <tr key={item.id}>
                      <th scope="row" className="synced-url">
                        {item.source}
                      </th>
                      <td data-label="Status">
                        <span className={`synced-status${item.status === 'failed' ? ' synced-failed' : ''}`}>
                          {STATUS_TEXT[item.status]}
                        </span>
                        {item.status === 'running' && (
                          <span className="synced-message">
                            {item.progress.processed.toLocaleString('en-US')} of {plural(item.progress.total, 'row')} written
                          </span>
                        )}
                        {item.result?.message && <span className="synced-message">{item.result.message}</span>}
                      </td>
                      <td data-label="Rows">{outcome(item)}</td>
                      <td data-label="By">{item.actorEmail}</td>
                      <td data-label="When">
                        <time dateTime={item.startedAt ?? item.createdAt}>{formatDateTime(item.startedAt ?? item.createdAt)}</time>
                      </td>
                      <td data-label="Errors">
                        {item.errorCount + (item.result?.imageFailures.length ?? 0) > 0 ? (
                          <a href={`/api/admin/imports/${item.id}/errors`} download>
                            {plural(item.errorCount + (item.result?.imageFailures.length ?? 0), 'error')} (CSV)
                          </a>
                        ) : (
                          'None'
                        )}
                      </td>
                      <td data-label="Pictures">
                        {item.pictures && item.status !== 'running' && item.status !== 'undone' ? (
                          <button
                            type="button"
                            className="button button-ghost button-small"
                            disabled={refetch.isPending}
                            aria-label={PICTURE_REFETCH_TEXTS.actionForImport(item.source)}
                            onClick={() => refetchImport(item)}
                          >
                            {PICTURE_REFETCH_TEXTS.action}
                          </button>
                        ) : (
                          'None'
                        )}
                      </td>
                      <td data-label="Undo">
                        <button
                          type="button"
                          className="button button-ghost button-small"
                          disabled={!item.canUndo || undo.isPending}
                          aria-describedby={item.undoReason ? `undo-reason-${item.id}` : undefined}
                          onClick={() => setUndoing(item)}
                        >
                          Undo<span className="visually-hidden"> the import of {item.source}</span>
                        </button>
                        {item.undoReason && (
                          <span id={`undo-reason-${item.id}`} className="synced-message">
                            {item.undoReason}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager page={page} pageCount={pages} onChange={setPage} label="Import history pages" disabled={history.isFetching} />
        </>
      )}
      {undoing && (
        <ConfirmDialog
          title={IMPORT_TEXTS.undoTitle}
          confirmLabel={IMPORT_TEXTS.undoImport}
          busyLabel={COMMON_TEXTS.undoing}
          busy={undo.isPending}
          onConfirm={confirmUndo}
          onCancel={() => setUndoing(null)}
        >
          <p>
            Products <strong>{undoing.source}</strong> added are removed and those it updated get their previous values back. Products
            changed since are left as they are; categories it added are removed when no product is in them any more.
          </p>
        </ConfirmDialog>
      )}
    </details>
  );
}
