/**
 * An import as the API answers it (issue 44): the stored row shaped into the Import contract, why Undo is not
 * offered, the currencies a preview found and the CSV of every problem. No database, no rules of the run.
 */
import { isCurrencyCode, type CurrencyCode, type Rates } from '../../../common/currency';
import { IMPORT_PREVIEW_ERRORS } from '../../../common/import-columns';
import { productPath } from '../../../common/product-urls';
import type { Import, ImportCurrency } from '../../../common/schemas/imports';
import { csvField } from './csv';
import type { CheckedRecord } from './import-rows';
import type { ImportRow } from './imports.repo';

/** The answer to an import that is not there (previews are dropped after a day). */
export const NOT_FOUND = 'This import does not exist (previews are kept for a day).';

/** The states whose rows an Undo may take back. */
export const UNDOABLE = new Set(['succeeded', 'failed', 'cancelled']);

/** The stored import as the API answers it; `errorsShown` of its errors and warnings (none in the history's list). */
export function toImport(row: ImportRow, base: CurrencyCode, errorsShown = IMPORT_PREVIEW_ERRORS): Import {
  const result = row.result;
  const ran = row.status !== 'previewed' && row.startedAt !== null;
  const reason = undoReason(row);
  return {
    id: row.id,
    status: row.status,
    source: row.source,
    format: row.format,
    policy: row.policy,
    actorEmail: row.actorEmail,
    headers: row.headers,
    sheets: row.readInfo.sheets ?? [],
    sheet: row.readInfo.sheet ?? null,
    encoding: row.readInfo.encoding ?? null,
    readWarnings: row.readInfo.readWarnings ?? [],
    join: row.readInfo.join ?? null,
    mapping: row.mapping,
    counts: { new: 0, updated: 0, unchanged: 0, invalid: 0, ...row.counts },
    errors: row.errors.slice(0, errorsShown),
    errorCount: row.errorCount,
    warnings: row.warnings.slice(0, errorsShown),
    warningCount: row.warningCount,
    baseCurrency: base,
    currencies: row.currencies,
    newCategories: row.newCategories,
    progress: { processed: row.processed, total: row.total },
    result: ran
      ? {
          created: result.created ?? 0,
          updated: result.updated ?? 0,
          skipped: result.skipped ?? 0,
          imagesFetched: result.imagesFetched ?? 0,
          imageFailures: result.imageFailures ?? [],
          message: result.message ?? null,
          undo: result.undo ?? null,
          categoriesRemoved: result.categoriesRemoved ?? [],
        }
      : null,
    canUndo: reason === null,
    undoReason: reason,
    pictures: result.pictures ?? null,
    samePictures: {
      count: result.samePictures?.count ?? 0,
      rows: (result.samePictures?.rows ?? []).map((r) => ({ row: r.row, title: r.title, path: productPath(r) })),
    },
    oddPrices: result.oddPrices ?? { count: 0, low: null, high: null, rows: [] },
    noLink: result.noLink ?? { count: 0, rows: [] },
    derived: result.derived ?? { on: false, gender: 0, brand: 0, best: 0, buckets: 0 },
    relativePictures: result.relativePictures ?? { count: 0, example: null, propose: false, base: null },
    categories: result.categories ?? row.newCategories.map((name) => ({ name, rows: 0, proposed: null, reason: null, newName: name })),
    choices: result.choices ?? null,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Why Undo is not offered for an import, or null when it is. */
export function undoReason(row: ImportRow): string | null {
  if (row.status === 'undone') return 'Undone already.';
  if (row.status === 'previewed') return 'Not imported: it was only previewed.';
  // Once its rows are written, a running import only fetches pictures: Undo may take it back (their jobs cancelled).
  const picturesPending = row.status === 'running' && row.result.rowsDone === true;
  if (row.status === 'running' && !picturesPending) return 'Still running: cancel it first.';
  // `processed` is written with each batch, in its transaction: rows were written exactly when it is above 0.
  if (row.changeId === null || !(UNDOABLE.has(row.status) || picturesPending) || row.processed === 0) return 'It changed nothing.';
  if (row.stillUndoable === false) return 'Every product it wrote was changed or deleted since.';
  return null;
}

/** The currencies other than the base that rows' prices were in: how many rows each, and the rate used (or none). */
export function currenciesOf(checked: readonly CheckedRecord[], rates: Rates, site: Rates, given: Rates): ImportCurrency[] {
  const rows = new Map<CurrencyCode, number>();
  for (const c of checked) if (c.currency !== null) rows.set(c.currency, (rows.get(c.currency) ?? 0) + 1);
  return currenciesFrom(rows, rates, site, given);
}

/** currenciesOf from the rows counted per currency (a preview counts them batch by batch). */
export function currenciesFrom(rows: ReadonlyMap<CurrencyCode, number>, rates: Rates, site: Rates, given: Rates): ImportCurrency[] {
  return [...rows.entries()]
    .filter(([code]) => isCurrencyCode(code))
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([code, count]) => {
      const rate = rates[code] ?? null;
      const source = rate === null ? 'missing' : given[code] !== undefined ? 'given' : site[code] !== undefined ? 'site' : 'missing';
      return { code, rows: count, rate, source };
    });
}

/**
 * Every problem as CSV (row, column, kind, message): the errors (rows not imported), then the warnings (rows
 * imported with a change or a loss) and the pictures the run could not fetch, by row.
 */
export function problemsCsv(row: ImportRow): string {
  const warnings = [...row.warnings, ...(row.result.imageFailures ?? [])].sort((a, b) => a.row - b.row);
  const lines = [
    ['row', 'column', 'kind', 'message'],
    ...row.errors.map((e) => [String(e.row), e.column, 'error', e.message]),
    ...warnings.map((e) => [String(e.row), e.column, 'warning', e.message]),
  ];
  return `${lines.map((cells) => cells.map((c) => csvField(c)).join(',')).join('\r\n')}\r\n`;
}

/** "1 row is", "2,000 rows are". */
export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
