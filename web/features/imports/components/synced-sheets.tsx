import { useState, type FormEvent } from 'react';
import { SYNC_SCHEDULES, type SyncedSheet, type SyncSchedule } from '../../../../common/schemas/import-sources';
import { SYNC_TEXTS as T } from '../../../../common/texts/imports';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { formatDateTime } from '../../../lib/admin/format';
import { reasonOf } from '../../../lib/errors';
import { useCommitImport } from '../api/import-actions';
import './imports.css';
import { useAddSyncedSheet, useRemoveSyncedSheet, useRunSyncedSheet, useSyncedSheets } from '../api/synced-sheets';

const scheduleOptions = SYNC_SCHEDULES.map((s) => ({ value: s, label: T.schedules[s] }));

function AddSheetForm() {
  const toast = useToast();
  const add = useAddSyncedSheet();
  const [url, setUrl] = useState('');
  const [schedule, setSchedule] = useState<SyncSchedule>('daily');
  const [percent, setPercent] = useState('5');
  const [invalid, setInvalid] = useState('0');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(
      { url: url.trim(), schedule, maxChangedPercent: Number(percent), maxInvalidRows: Number(invalid) },
      {
        onSuccess: () => {
          setUrl('');
          toast(T.saved, 'success');
        },
        onError: (err) => setError(reasonOf(err)),
      },
    );
  };

  return (
    <form className="synced-form" onSubmit={submit} aria-label={T.add}>
      <TextField
        label={T.url}
        type="url"
        required
        value={url}
        placeholder={T.urlHint}
        onChange={(e) => setUrl(e.target.value)}
        error={error ?? undefined}
      />
      <SelectField
        label={T.schedule}
        options={scheduleOptions}
        value={schedule}
        onChange={(e) => setSchedule(e.target.value as SyncSchedule)}
      />
      <TextField
        label={T.maxChangedPercent}
        type="number"
        min={0}
        max={100}
        step={1}
        required
        value={percent}
        onChange={(e) => setPercent(e.target.value)}
      />
      <TextField
        label={T.maxInvalidRows}
        type="number"
        min={0}
        max={100000}
        step={1}
        required
        value={invalid}
        onChange={(e) => setInvalid(e.target.value)}
      />
      <button type="submit" className="button button-primary" disabled={add.isPending}>
        {add.isPending ? T.saving : T.save}
      </button>
    </form>
  );
}

function SheetRow({ sheet, onRemove }: { sheet: SyncedSheet; onRemove: (sheet: SyncedSheet) => void }) {
  const toast = useToast();
  const run = useRunSyncedSheet();
  const commit = useCommitImport();
  return (
    <tr>
      <th scope="row" className="synced-url">
        {sheet.url}
      </th>
      <td>{T.schedules[sheet.schedule]}</td>
      <td>{T.limits(sheet.maxChangedPercent, sheet.maxInvalidRows)}</td>
      <td className="synced-last">
        {sheet.lastRunAt ? (
          <>
            <span className={`synced-status synced-${sheet.lastStatus ?? 'none'}`}>
              {sheet.lastStatus ? T.statuses[sheet.lastStatus] : ''}
            </span>{' '}
            {formatDateTime(sheet.lastRunAt)}
            {sheet.lastMessage && <span className="synced-message">{sheet.lastMessage}</span>}
          </>
        ) : (
          T.neverRun
        )}
        <span className="synced-next">{T.nextRun(formatDateTime(sheet.nextRunAt))}</span>
      </td>
      <td>
        <div className="item-actions">
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={run.isPending}
            onClick={() => run.mutate(sheet.id, { onError: (err) => toast(reasonOf(err), 'error') })}
          >
            {run.isPending ? T.running : T.runNow}
          </button>
          {sheet.lastStatus === 'waiting' && sheet.lastImportId && (
            <>
              <button
                type="button"
                className="button button-primary button-small"
                disabled={commit.isPending}
                onClick={() =>
                  commit.mutate(
                    { id: sheet.lastImportId ?? '', policy: 'valid' },
                    { onSuccess: () => toast(T.applied, 'success'), onError: (err) => toast(reasonOf(err), 'error') },
                  )
                }
              >
                {commit.isPending ? T.applying : T.apply}
              </button>
              <a className="button button-ghost button-small" href={`/api/admin/imports/${sheet.lastImportId}/errors`} download>
                {T.errorsFile}
              </a>
            </>
          )}
          <button type="button" className="button button-danger-ghost button-small" onClick={() => onRemove(sheet)}>
            {T.remove}
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Synced sheets (issue 26): the list with each one's last run, Run now, Apply a waiting run, Remove; and the form. */
export function SyncedSheets() {
  const toast = useToast();
  const sheets = useSyncedSheets();
  const remove = useRemoveSyncedSheet();
  const [removing, setRemoving] = useState<SyncedSheet | null>(null);
  const items = sheets.data?.items ?? [];
  return (
    <details className="synced-sheets">
      <summary>
        {T.heading}
        {items.length > 0 ? ` (${items.length})` : ''}
      </summary>
      <p className="field-hint">{T.intro}</p>
      {sheets.isPending && <p role="status">{T.loading}</p>}
      {sheets.isError && <p role="alert">{T.loadFailed}</p>}
      {sheets.data && items.length === 0 && <p>{T.none}</p>}
      {items.length > 0 && (
        <div className="data-table-wrap" role="region" aria-label={T.caption} tabIndex={0}>
          <table className="data-table synced-table">
            <caption className="visually-hidden">{T.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{T.columns.sheet}</th>
                <th scope="col">{T.columns.schedule}</th>
                <th scope="col">{T.columns.limits}</th>
                <th scope="col">{T.columns.lastRun}</th>
                <th scope="col">{T.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((sheet) => (
                <SheetRow key={sheet.id} sheet={sheet} onRemove={setRemoving} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddSheetForm />
      {removing && (
        <ConfirmDialog
          title={T.removeTitle}
          confirmLabel={T.remove}
          busyLabel={T.removing}
          busy={remove.isPending}
          onCancel={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                setRemoving(null);
                toast(T.removed, 'success');
              },
              onError: (err) => toast(reasonOf(err), 'error'),
            })
          }
        >
          <p>{T.removeBody(removing.url)}</p>
        </ConfirmDialog>
      )}
    </details>
  );
}
