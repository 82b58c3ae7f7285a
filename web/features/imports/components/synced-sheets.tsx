import { useId, useRef, useState, type FormEvent } from 'react';
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
import { useAddSyncedSheet, useEditSyncedSheet, useRemoveSyncedSheet, useRunSyncedSheet, useSyncedSheets } from '../api/synced-sheets';

const scheduleOptions = SYNC_SCHEDULES.map((s) => ({ value: s, label: T.schedules[s] }));

/** A sheet's schedule and limits as the form holds them (numbers as typed). */
type Limits = { schedule: SyncSchedule; percent: string; invalid: string; drop: string };

const limitsOf = (sheet: SyncedSheet): Limits => ({
  schedule: sheet.schedule,
  percent: String(sheet.maxChangedPercent),
  invalid: String(sheet.maxInvalidRows),
  drop: String(sheet.maxPriceDropPercent),
});

const limitsBody = (limits: Limits) => ({
  schedule: limits.schedule,
  maxChangedPercent: Number(limits.percent),
  maxInvalidRows: Number(limits.invalid),
  maxPriceDropPercent: Number(limits.drop),
});

/** The schedule and the three limits, shared by the add form and a saved sheet's edit form. */
function LimitFields({ limits, onChange }: { limits: Limits; onChange: (limits: Limits) => void }) {
  return (
    <>
      <SelectField
        label={T.schedule}
        options={scheduleOptions}
        value={limits.schedule}
        onChange={(e) => onChange({ ...limits, schedule: e.target.value as SyncSchedule })}
      />
      <TextField
        label={T.maxChangedPercent}
        hint={T.maxChangedPercentHint}
        type="number"
        min={0}
        max={100}
        step={1}
        required
        value={limits.percent}
        onChange={(e) => onChange({ ...limits, percent: e.target.value })}
      />
      <TextField
        label={T.maxInvalidRows}
        type="number"
        min={0}
        max={100000}
        step={1}
        required
        value={limits.invalid}
        onChange={(e) => onChange({ ...limits, invalid: e.target.value })}
      />
      <TextField
        label={T.maxPriceDropPercent}
        hint={T.maxPriceDropPercentHint}
        type="number"
        min={0}
        max={100}
        step={1}
        required
        value={limits.drop}
        onChange={(e) => onChange({ ...limits, drop: e.target.value })}
      />
    </>
  );
}

function AddSheetForm() {
  const toast = useToast();
  const add = useAddSyncedSheet();
  const [url, setUrl] = useState('');
  const [limits, setLimits] = useState<Limits>({ schedule: 'daily', percent: '5', invalid: '0', drop: '50' });
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    add.mutate(
      { url: url.trim(), ...limitsBody(limits) },
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
      <LimitFields limits={limits} onChange={setLimits} />
      <button type="submit" className="button button-primary" disabled={add.isPending}>
        {add.isPending ? T.saving : T.save}
      </button>
    </form>
  );
}

/** A saved sheet's schedule and limits, edited in place under its row (PATCH /api/admin/import-sources/:id). */
function EditLimitsForm({ sheet, id, onDone }: { sheet: SyncedSheet; id: string; onDone: () => void }) {
  const toast = useToast();
  const edit = useEditSyncedSheet();
  const [limits, setLimits] = useState<Limits>(() => limitsOf(sheet));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    edit.mutate(
      { id: sheet.id, limits: limitsBody(limits) },
      {
        onSuccess: () => {
          toast(T.limitsSaved, 'success');
          onDone();
        },
        onError: (err) => setError(reasonOf(err)),
      },
    );
  };
  return (
    <form id={id} className="synced-form synced-edit" onSubmit={submit} aria-label={T.editTitle(sheet.url)}>
      <LimitFields limits={limits} onChange={setLimits} />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="item-actions">
        <button type="submit" className="button button-primary button-small" disabled={edit.isPending}>
          {edit.isPending ? T.saving : T.saveLimits}
        </button>
        <button type="button" className="button button-ghost button-small" onClick={onDone}>
          {T.cancel}
        </button>
      </div>
    </form>
  );
}

function SheetRow({ sheet, onRemove }: { sheet: SyncedSheet; onRemove: (sheet: SyncedSheet) => void }) {
  const toast = useToast();
  const run = useRunSyncedSheet();
  const commit = useCommitImport();
  const [editing, setEditing] = useState(false);
  const formId = useId();
  const editButton = useRef<HTMLButtonElement>(null);
  const closeEdit = () => {
    setEditing(false);
    editButton.current?.focus();
  };
  return (
    <>
      <tr>
        <th scope="row" className="synced-url">
          {sheet.url}
        </th>
        <td>{T.schedules[sheet.schedule]}</td>
        <td>{T.limits(sheet.maxChangedPercent, sheet.maxInvalidRows, sheet.maxPriceDropPercent)}</td>
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
            <button
              ref={editButton}
              type="button"
              className="button button-ghost button-small"
              aria-expanded={editing}
              aria-controls={editing ? formId : undefined}
              onClick={() => setEditing((open) => !open)}
            >
              {T.editLimits}
            </button>
            <button type="button" className="button button-danger-ghost button-small" onClick={() => onRemove(sheet)}>
              {T.remove}
            </button>
          </div>
        </td>
      </tr>
      {editing && (
        <tr className="synced-edit-row">
          <td colSpan={5}>
            <EditLimitsForm sheet={sheet} id={formId} onDone={closeEdit} />
          </td>
        </tr>
      )}
    </>
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
