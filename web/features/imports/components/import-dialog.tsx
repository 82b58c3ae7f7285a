import { useState, type FormEvent } from 'react';
import {
  IGNORE_COLUMN,
  IMPORT_ENCODING_LABELS,
  IMPORT_ENCODINGS,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportEncoding,
} from '../../../../common/import-columns';
import { isHttpUrl } from '../../../../common/schemas/fields';
import { sameMapping } from '../../../../common/import-mapping';
import type { Import, ImportCommitBody, ImportMapping, ImportPolicy } from '../../../../common/schemas/imports';
import { IMPORT_TEXTS } from '../../../../common/texts/imports';
import { COMMON_TEXTS } from '../../../../common/texts/common';
import { Dialog } from '../../../components/ui/dialog';
import { reasonOf } from '../../../lib/errors';
import { useCommitImport } from '../api/import-actions';
import { usePreviewImport } from '../api/preview-import';
import { useCategories } from '../../../lib/categories';
import { plural } from '../../../lib/admin/format';
import './imports.css';

const FIELD_OPTIONS: Array<{ value: ImportMapping[string]; label: string }> = [
  { value: IGNORE_COLUMN, label: 'Ignore' },
  ...IMPORT_FIELDS.map((f) => ({ value: f, label: IMPORT_FIELD_LABELS[f] })),
];
/** The option a select's value names (ignore for none). */
const targetOf = (value: string): ImportMapping[string] => FIELD_OPTIONS.find((o) => o.value === value)?.value ?? IGNORE_COLUMN;
const SHOWN_ERRORS = 10;
const KEEP_NEW = '';
const REASONS: Record<string, string> = {
  remembered: 'chosen at the last import of this file',
  spelling: 'the same name',
  plural: 'its singular or plural',
  dictionary: 'the usual word for it',
};

/**
 * Import (issue 15): a file or an address is read and checked on the server, which answers a preview (new, updated,
 * unchanged, invalid, the first errors and the column mapping, which can be changed). Nothing changes until Import;
 * then the server writes it in the background and `onStarted` hands the running import to the tab.
 */
export function ImportDialog({ onClose, onStarted }: { onClose: () => void; onStarted: (started: Import) => void }) {
  const preview = usePreviewImport();
  const commit = useCommitImport();
  const [file, setFile] = useState<File | null>(null);
  const [url, setUrl] = useState('');
  const [policy, setPolicy] = useState<ImportPolicy>('valid');
  const [mapping, setMapping] = useState<ImportMapping>({});
  // Rates typed for currencies the site has none for, as typed (checked when sent).
  const [rates, setRates] = useState<Record<string, string>>({});
  // The sheet read ('' until the operator picks one: the server takes the first whose header maps) and the encoding.
  const [sheet, setSheet] = useState('');
  const [encoding, setEncoding] = useState<ImportEncoding>('auto');
  const [progress, setProgress] = useState(0);
  // What to do with the rows the preview flags (issue 40): odd prices skipped, rows without a buy link hidden, unless changed.
  const [oddPrices, setOddPrices] = useState<NonNullable<ImportCommitBody['oddPrices']>>('skip');
  const [noLink, setNoLink] = useState<NonNullable<ImportCommitBody['noLink']>>('hide');
  // What each new category becomes (issue 40): an existing category's name, or KEEP_NEW; the proposal until changed.
  const [categoryChoices, setCategoryChoices] = useState<Record<string, string>>({});
  const categories = useCategories();
  // Gender, Best and brand read from other sites' buckets and titles (issue 40); the operator may turn it off.
  const [derive, setDerive] = useState(true);
  // The site relative picture paths belong to (issue 40), as typed.
  const [pictureBase, setPictureBase] = useState('');
  // "Add columns from another file" (issue 40): a second file joined by a key column in each ('' : the server guesses).
  const [joinFile, setJoinFile] = useState<File | null>(null);
  const [joinKeys, setJoinKeys] = useState({ key: '', fileKey: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const result = preview.data;
  const busy = preview.isPending || commit.isPending;

  const typedRates = (): Record<string, number> | null => {
    const out: Record<string, number> = {};
    for (const [code, text] of Object.entries(rates)) {
      if (text.trim() === '') continue;
      const rate = Number(text.trim().replace(',', '.'));
      if (!Number.isFinite(rate) || rate <= 0) {
        setProblem(`The ${code} rate must be a number above 0, such as 7.2.`);
        return null;
      }
      out[code] = rate;
    }
    return out;
  };
  const read = (withMapping?: ImportMapping, how = { sheet, encoding, derive }, keys = joinKeys) => {
    setProblem(null);
    const givenRates = typedRates();
    if (givenRates === null) return;
    const source = file ? { file } : isHttpUrl(url.trim()) ? { url: url.trim() } : null;
    if (!source) {
      setProblem('Choose a CSV, XLSX, ODS or JSON file, or paste an http(s) address.');
      return;
    }
    setProgress(0);
    preview.mutate(
      {
        source,
        policy,
        mapping: withMapping,
        rates: givenRates,
        sheet: how.sheet || undefined,
        encoding: how.encoding,
        derive: how.derive,
        pictureBase: pictureBase.trim() || undefined,
        join: joinFile ? { file: joinFile, key: keys.key || undefined, fileKey: keys.fileKey || undefined } : undefined,
        onProgress: setProgress,
      },
      {
        onSuccess: (answer) => {
          setMapping(answer.mapping);
          setCategoryChoices(Object.fromEntries(answer.categories.map((c) => [c.name, c.proposed ?? KEEP_NEW])));
        },
        onError: (err) => setProblem(reasonOf(err)),
      },
    );
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    read();
  };
  const start = () => {
    if (!result) return;
    commit.mutate(
      {
        id: result.id,
        policy,
        oddPrices,
        noLink,
        // Each new category: the existing one chosen, or the name it is kept new under.
        categories: Object.fromEntries(result.categories.map((c) => [c.name, categoryChoices[c.name] || c.newName])),
      },
      { onSuccess: (started) => onStarted(started), onError: (err) => setProblem(reasonOf(err)) },
    );
  };

  const toWrite = result ? result.counts.new + result.counts.updated : 0;
  const blocked = result !== undefined && policy === 'all' && result.counts.invalid > 0;
  const mappingChanged = result !== undefined && !sameMapping(mapping, result.mapping);
  const missingRates = result ? result.currencies.filter((c) => c.source === 'missing') : [];
  const ratesTyped = Object.values(rates).some((r) => r.trim() !== '');
  return (
    <Dialog title="Import products" onClose={onClose} busy={busy} className="dialog-wide">
      <form className="dialog-form import-form" onSubmit={submit} noValidate>
        {problem && (
          <p className="form-failure" role="alert">
            {problem}
          </p>
        )}
        <div className="form-grid">
          <div className="field form-grid-wide">
            <label htmlFor="import-file">File (CSV, XLSX, ODS or JSON)</label>
            <input
              id="import-file"
              type="file"
              accept=".csv,.tsv,.txt,.xlsx,.ods,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                setJoinFile(null);
                setSheet('');
                preview.reset();
              }}
            />
          </div>
          <div className="field form-grid-wide">
            <label htmlFor="import-url">Or an address (a published Google Sheet as CSV, or any https CSV or JSON)</label>
            <input
              id="import-url"
              type="url"
              placeholder="https://docs.google.com/spreadsheets/d/…/pub?output=csv"
              value={url}
              disabled={file !== null}
              onChange={(e) => {
                setUrl(e.target.value);
                preview.reset();
              }}
            />
          </div>
          {(file || isHttpUrl(url.trim())) && (
            <div className="field form-grid-wide">
              <label htmlFor="import-join-file">Add columns from another file (optional)</label>
              <input
                id="import-join-file"
                type="file"
                aria-describedby="import-join-hint"
                accept=".csv,.tsv,.txt,.xlsx,.ods,.json,text/csv,application/json,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.oasis.opendocument.spreadsheet"
                onChange={(e) => {
                  setJoinFile(e.target.files?.[0] ?? null);
                  setJoinKeys({ key: '', fileKey: '' });
                  preview.reset();
                }}
              />
              <p className="field-hint" id="import-join-hint">
                Its rows join the file’s by a key column in each (a slug, an id or a link), such as buy links kept in a file of their own.
              </p>
            </div>
          )}
          <div className="field">
            <label htmlFor="import-encoding">Text encoding (CSV, JSON)</label>
            <select
              id="import-encoding"
              value={encoding}
              onChange={(e) => {
                const chosen = e.target.value as ImportEncoding;
                setEncoding(chosen);
                if (result) read(undefined, { sheet, encoding: chosen, derive });
              }}
            >
              {IMPORT_ENCODINGS.map((value) => (
                <option key={value} value={value}>
                  {IMPORT_ENCODING_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="form-grid-wide import-policy">
            <legend>When some rows are invalid</legend>
            <label className="checkbox">
              <input type="radio" name="policy" value="valid" checked={policy === 'valid'} onChange={() => setPolicy('valid')} />
              Import the valid rows, skip the others
            </label>
            <label className="checkbox">
              <input type="radio" name="policy" value="all" checked={policy === 'all'} onChange={() => setPolicy('all')} />
              Import nothing
            </label>
          </fieldset>
        </div>
        {preview.isPending && file && <progress className="upload-progress" max={1} value={progress} aria-label="Sending the file" />}
        <div className="dialog-actions">
          <button type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
            {COMMON_TEXTS.cancel}
          </button>
          <button type="submit" className={`button ${result ? 'button-ghost' : 'button-primary'}`} disabled={busy}>
            {preview.isPending ? IMPORT_TEXTS.reading : result ? IMPORT_TEXTS.readAgain : IMPORT_TEXTS.preview}
          </button>
        </div>
      </form>

      {result && (
        <section className="import-preview" aria-labelledby="import-preview-heading">
          <h3 id="import-preview-heading">Preview of {result.source}</h3>
          <p className="summary">Nothing has changed yet.</p>
          {result.readWarnings.length > 0 && (
            <ul className="import-read-warnings" role="status">
              {result.readWarnings.map((warning) => (
                <li key={warning}>{warning}</li>
              ))}
            </ul>
          )}
          {result.join && (
            <fieldset className="import-flagged import-join">
              <legend>
                Columns from {result.join.file}: {plural(result.join.matched, 'row')} of the file joined by their key
              </legend>
              <div className="field">
                <label htmlFor="import-join-key">Key column in the file</label>
                <select
                  id="import-join-key"
                  value={result.join.key}
                  disabled={busy}
                  onChange={(e) => {
                    const keys = { key: e.target.value, fileKey: result.join?.joinKey ?? '' };
                    setJoinKeys(keys);
                    read(undefined, { sheet, encoding, derive }, keys);
                  }}
                >
                  {result.headers
                    .filter((h) => !result.join?.columns.includes(h))
                    .map((h) => (
                      <option key={h} value={h}>
                        {h}
                      </option>
                    ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="import-join-file-key">Key column in {result.join.file}</label>
                <select
                  id="import-join-file-key"
                  value={result.join.joinKey}
                  disabled={busy}
                  onChange={(e) => {
                    const keys = { key: result.join?.key ?? '', fileKey: e.target.value };
                    setJoinKeys(keys);
                    read(undefined, { sheet, encoding, derive }, keys);
                  }}
                >
                  {result.join.joinHeaders.map((h) => (
                    <option key={h} value={h}>
                      {h}
                    </option>
                  ))}
                </select>
              </div>
            </fieldset>
          )}
          {result.sheets.length > 1 && (
            <div className="field">
              <label htmlFor="import-sheet">Sheet</label>
              <select
                id="import-sheet"
                value={result.sheet ?? ''}
                disabled={busy}
                onChange={(e) => {
                  setSheet(e.target.value);
                  read(undefined, { sheet: e.target.value, encoding, derive });
                }}
              >
                {result.sheets.map((name) => (
                  <option key={name} value={name}>
                    {name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <dl className="bulk-counts">
            <div>
              <dt>New</dt>
              <dd>{result.counts.new.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Updated</dt>
              <dd>{result.counts.updated.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Unchanged</dt>
              <dd>{result.counts.unchanged.toLocaleString('en-US')}</dd>
            </div>
            <div>
              <dt>Invalid</dt>
              <dd>{result.counts.invalid.toLocaleString('en-US')}</dd>
            </div>
          </dl>
          {result.categories.length > 0 && (
            <fieldset className="import-flagged import-categories">
              <legend>
                {plural(result.categories.length, 'category is', 'categories are')} not in the list yet: choose what each becomes
              </legend>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">In the file</th>
                    <th scope="col">Becomes</th>
                  </tr>
                </thead>
                <tbody>
                  {result.categories.map((c) => {
                    const chosen = categoryChoices[c.name] ?? KEEP_NEW;
                    return (
                      <tr key={c.name}>
                        <th scope="row">
                          {c.name} <span className="item-meta">({plural(c.rows, 'row')})</span>
                        </th>
                        <td>
                          <select
                            aria-label={`Category for ${c.name}`}
                            value={chosen}
                            onChange={(e) => setCategoryChoices((m) => ({ ...m, [c.name]: e.target.value }))}
                          >
                            <option value={KEEP_NEW}>New category: {c.newName}</option>
                            {(categories.data ?? []).map((existing) => (
                              <option key={existing.name} value={existing.name}>
                                {existing.name}
                              </option>
                            ))}
                          </select>
                          {c.proposed !== null && chosen === c.proposed && c.reason && (
                            <span className="field-hint"> Proposed: {REASONS[c.reason] ?? c.reason}</span>
                          )}
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </fieldset>
          )}

          {result.currencies.length > 0 && (
            <div className="import-currencies">
              <ul>
                {result.currencies.map((c) => (
                  <li key={c.code}>
                    {c.rate === null
                      ? `${plural(c.rows, 'row')} priced in ${c.code}: no ${c.code} rate is known, so they are invalid until you give one.`
                      : `${plural(c.rows, 'row')} priced in ${c.code}, converted to ${result.baseCurrency} at 1 ${result.baseCurrency} = ${c.rate} ${c.code} (${c.source === 'given' ? 'the rate you gave' : "the site's rate"}).`}
                  </li>
                ))}
              </ul>
              {missingRates.length > 0 && (
                <fieldset className="import-rates">
                  <legend>Rates for this import</legend>
                  {missingRates.map((c) => (
                    <div className="field" key={c.code}>
                      <label htmlFor={`import-rate-${c.code}`}>
                        1 {result.baseCurrency} = ? {c.code}
                      </label>
                      <input
                        id={`import-rate-${c.code}`}
                        type="text"
                        inputMode="decimal"
                        placeholder={c.code === 'CNY' ? '7.2' : ''}
                        value={rates[c.code] ?? ''}
                        onChange={(e) => setRates((r) => ({ ...r, [c.code]: e.target.value }))}
                      />
                    </div>
                  ))}
                  <button
                    type="button"
                    className="button button-ghost button-small"
                    disabled={!ratesTyped || busy}
                    onClick={() => read(mapping)}
                  >
                    Preview with these rates
                  </button>
                </fieldset>
              )}
            </div>
          )}

          {(result.relativePictures.count > 0 || result.relativePictures.base !== null) && (
            <div className="import-flagged import-picture-base">
              <p>
                {result.relativePictures.count > 0
                  ? `${plural(result.relativePictures.count, 'row gives its picture', 'rows give their picture')} as a path on the site it came from (${result.relativePictures.example ?? ''}), so ${result.relativePictures.count === 1 ? 'it has' : 'they have'} none yet.`
                  : `Picture paths resolved against ${result.relativePictures.base ?? ''}.`}
                {result.relativePictures.propose ? ' Give that site’s address to fetch them.' : ''}
              </p>
              <div className="field">
                <label htmlFor="import-picture-base">A base address for relative picture paths</label>
                <input
                  id="import-picture-base"
                  type="url"
                  placeholder="https://site.example"
                  value={pictureBase}
                  onChange={(e) => setPictureBase(e.target.value)}
                />
              </div>
              <button
                type="button"
                className="button button-ghost button-small"
                disabled={busy || !isHttpUrl(pictureBase.trim())}
                onClick={() => read(mapping)}
              >
                Preview with this address
              </button>
            </div>
          )}

          <div className="import-derived" role="group" aria-label="Fields read from categories and titles">
            <label className="checkbox">
              <input
                type="checkbox"
                checked={derive}
                disabled={busy}
                onChange={(e) => {
                  setDerive(e.target.checked);
                  read(mapping, { sheet, encoding, derive: e.target.checked });
                }}
              />
              Read gender, Best and brand from categories and titles
            </label>
            {result.derived.on && (
              <p className="field-hint">
                {[
                  `gender for ${plural(result.derived.gender, 'row')}`,
                  `brand for ${plural(result.derived.brand, 'row')}`,
                  `Best for ${plural(result.derived.best, 'row')}`,
                  `${plural(result.derived.buckets, 'audience or merchandising bucket')} not made a category`,
                ].join(' · ')}
              </p>
            )}
          </div>

          {result.oddPrices.count > 0 && (
            <fieldset className="import-flagged import-odd-prices">
              <legend>
                {plural(result.oddPrices.count, 'row has an odd price', 'rows have odd prices')}
                {result.oddPrices.low !== null && result.oddPrices.high !== null
                  ? ` (the file's prices mostly lie between ${result.oddPrices.low} and ${result.oddPrices.high} ${result.baseCurrency})`
                  : ''}
              </legend>
              <ul>
                {result.oddPrices.rows.slice(0, SHOWN_ERRORS).map((r) => (
                  <li key={r.row}>
                    Row {r.row}, {r.title}: {r.reason}
                  </li>
                ))}
              </ul>
              <label className="checkbox">
                <input type="radio" name="odd-prices" checked={oddPrices === 'skip'} onChange={() => setOddPrices('skip')} />
                Skip these rows
              </label>
              <label className="checkbox">
                <input type="radio" name="odd-prices" checked={oddPrices === 'import'} onChange={() => setOddPrices('import')} />
                Import them as they are
              </label>
            </fieldset>
          )}

          {result.noLink.count > 0 && (
            <fieldset className="import-flagged import-no-link">
              <legend>{plural(result.noLink.count, 'row has no buy link', 'rows have no buy link')}</legend>
              <ul>
                {result.noLink.rows.slice(0, SHOWN_ERRORS).map((r) => (
                  <li key={r.row}>
                    Row {r.row}, {r.title}
                  </li>
                ))}
                {result.noLink.count > SHOWN_ERRORS && <li>and {plural(result.noLink.count - SHOWN_ERRORS, 'more')}</li>}
              </ul>
              <label className="checkbox">
                <input type="radio" name="no-link" checked={noLink === 'hide'} onChange={() => setNoLink('hide')} />
                Import them hidden until a link is added (Items › Buy link › No link lists them)
              </label>
              <label className="checkbox">
                <input type="radio" name="no-link" checked={noLink === 'import'} onChange={() => setNoLink('import')} />
                Import them as they are (shown with a greyed BUY)
              </label>
              <label className="checkbox">
                <input type="radio" name="no-link" checked={noLink === 'skip'} onChange={() => setNoLink('skip')} />
                Skip them
              </label>
            </fieldset>
          )}

          <details className="import-mapping" open={result.counts.invalid > 0 && result.errors.some((e) => e.row === 0)}>
            <summary>Columns ({result.headers.length})</summary>
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Column in the file</th>
                  <th scope="col">Feeds</th>
                </tr>
              </thead>
              <tbody>
                {result.headers.map((header) => (
                  <tr key={header}>
                    <th scope="row">{header}</th>
                    <td>
                      <select
                        aria-label={`Field for the column ${header}`}
                        value={mapping[header] ?? IGNORE_COLUMN}
                        onChange={(e) => setMapping((m) => ({ ...m, [header]: targetOf(e.target.value) }))}
                      >
                        {FIELD_OPTIONS.map((o) => (
                          <option key={o.value} value={o.value}>
                            {o.label}
                          </option>
                        ))}
                      </select>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={!mappingChanged || busy}
              onClick={() => read(mapping)}
            >
              Preview with these columns
            </button>
          </details>

          {result.errorCount > 0 && (
            <div className="import-errors">
              <h4>{plural(result.errorCount, 'problem')}</h4>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Column</th>
                    <th scope="col">Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {result.errors.slice(0, SHOWN_ERRORS).map((e, i) => (
                    <tr key={`${e.row}-${e.column}-${i}`}>
                      <td>{e.row === 0 ? 'File' : e.row}</td>
                      <td>{e.column}</td>
                      <td>{e.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <a className="button button-ghost button-small" href={`/api/admin/imports/${result.id}/errors`} download>
                Download all problems (CSV)
              </a>
            </div>
          )}

          {result.warningCount > 0 && (
            <details className="import-warnings">
              <summary>
                {plural(result.warningCount, 'row with a warning', 'rows with warnings')} (imported, with a change or a loss)
              </summary>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Column</th>
                    <th scope="col">Warning</th>
                  </tr>
                </thead>
                <tbody>
                  {result.warnings.slice(0, SHOWN_ERRORS).map((w, i) => (
                    <tr key={`${w.row}-${w.column}-${i}`}>
                      <td>{w.row}</td>
                      <td>{w.column}</td>
                      <td>{w.message}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <a className="button button-ghost button-small" href={`/api/admin/imports/${result.id}/errors`} download>
                Download all problems and warnings (CSV)
              </a>
            </details>
          )}

          {result.samePictures.count > 0 && (
            <details className="import-same-pictures">
              <summary>
                {plural(result.samePictures.count, 'row has a picture', 'rows have a picture')} already in the catalogue (the same item from
                another seller, or a repeat)
              </summary>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">Already shown by</th>
                  </tr>
                </thead>
                <tbody>
                  {result.samePictures.rows.slice(0, SHOWN_ERRORS).map((r) => (
                    <tr key={r.row}>
                      <td>{r.row}</td>
                      <td>
                        <a href={r.path} target="_blank" rel="noopener">
                          {r.title}
                        </a>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          )}

          <div className="dialog-actions">
            {blocked ? (
              <p className="form-error">
                Some rows are invalid, so nothing will be imported. Fix the file, or choose to import the valid rows.
              </p>
            ) : null}
            <button type="button" className="button button-primary" disabled={busy || blocked || toWrite === 0} onClick={start}>
              {commit.isPending
                ? IMPORT_TEXTS.starting
                : toWrite === 0
                  ? IMPORT_TEXTS.nothingToImport
                  : IMPORT_TEXTS.importCount(plural(toWrite, 'product'))}
            </button>
          </div>
        </section>
      )}
    </Dialog>
  );
}
