import { AppError } from '../../../errors';
import type { ImportJoin as JoinReport } from '../../../../common/schemas/imports';
import type { ImportRecord, ImportTable } from './table';

// "Add columns from another file" (issue 40): a second file's columns join the main file's rows by a key column in
// each (a slug, an id or a link), so a site whose export keeps its buy links apart imports in one go.

/** Row numbers and keys a report lists (the counts are whole). */
export const JOIN_REPORT_LIMIT = 10;

/** Column names taken as a key when the operator picks none, best first. */
const KEY_NAMES = ['slug', 'id', 'product id', 'product_id', 'sku', 'handle', 'link', 'url', 'buy link', 'buy_link'];

/** A key as the join compares it: case, surrounding spaces and a link's trailing slash do not count. */
export function joinKeyOf(value: unknown): string {
  const text = typeof value === 'string' ? value : value === null || value === undefined ? '' : String(value);
  return text.trim().replace(/\/+$/, '').toLowerCase();
}

function pickKey(headers: string[], wanted: string | undefined, field: string, which: string): string | undefined {
  if (wanted === undefined) return undefined;
  const found = headers.find((h) => h === wanted) ?? headers.find((h) => h.toLowerCase() === wanted.trim().toLowerCase());
  if (!found) throw new AppError('VALIDATION', `${field}: ${which} has no column "${wanted}" (it has ${headers.join(', ')}).`);
  return found;
}

/**
 * The key column of each file: as chosen, else a slug, id or link column both files have (by name, case aside),
 * else the one column name they share. A clear refusal when none can be told.
 */
export function joinKeys(
  main: string[],
  other: string[],
  chosen: { key?: string | undefined; joinKey?: string | undefined },
  otherName: string,
): { key: string; joinKey: string } {
  const key = pickKey(main, chosen.key, 'joinKey', 'the main file');
  const joinKey = pickKey(other, chosen.joinKey, 'joinFileKey', `the second file (${otherName})`);
  const lowerOther = new Map(other.map((h) => [h.toLowerCase(), h]));
  const lowerMain = new Map(main.map((h) => [h.toLowerCase(), h]));
  if (key && joinKey) return { key, joinKey };
  if (key) {
    const same = lowerOther.get(key.toLowerCase());
    if (same) return { key, joinKey: same };
  } else if (joinKey) {
    const same = lowerMain.get(joinKey.toLowerCase());
    if (same) return { key: same, joinKey };
  } else {
    for (const name of KEY_NAMES) {
      const a = lowerMain.get(name);
      const b = lowerOther.get(name);
      if (a && b) return { key: a, joinKey: b };
    }
    const shared = main.filter((h) => lowerOther.has(h.toLowerCase()));
    const [only] = shared;
    if (shared.length === 1 && only) return { key: only, joinKey: lowerOther.get(only.toLowerCase()) ?? only };
  }
  throw new AppError(
    'VALIDATION',
    `Choose the key column of each file (joinKey for the main file, joinFileKey for ${otherName}): ` +
      'no slug, id or link column has the same name in both.',
  );
}

/**
 * The main table with the second one's columns added to each row whose key the second has (its first row with that
 * key); a second-file column whose name the main file has too is added as "Name (file name)". Pure: both tables are
 * read by the same readers under the same limits before.
 */
export function joinTables(
  main: ImportTable,
  other: ImportTable,
  otherName: string,
  chosen: { key?: string | undefined; joinKey?: string | undefined },
): ImportTable & { join: JoinReport } {
  const { key, joinKey } = joinKeys(main.headers, other.headers, chosen, otherName);
  const taken = new Set(main.headers);
  const added = other.headers
    .filter((h) => h !== joinKey)
    .map((h) => {
      let name = taken.has(h) ? `${h} (${otherName})` : h;
      for (let n = 2; taken.has(name); n++) name = `${h} (${otherName} ${n})`;
      taken.add(name);
      return { from: h, to: name };
    });
  const byKey = new Map<string, ImportRecord>();
  const duplicates: string[] = [];
  for (const record of other.records) {
    const k = joinKeyOf(record.values[joinKey]);
    if (k === '') continue;
    if (byKey.has(k)) {
      if (!duplicates.includes(k)) duplicates.push(k);
    } else byKey.set(k, record);
  }
  let matched = 0;
  const unmatched: number[] = [];
  const records = main.records.map((record) => {
    const found = byKey.get(joinKeyOf(record.values[key]));
    const values = { ...record.values };
    let links = record.links;
    for (const { from, to } of added) values[to] = found ? (found.values[from] ?? '') : '';
    if (found) {
      matched += 1;
      for (const { from, to } of added) {
        const link = found.links?.[from];
        if (link) links = { ...links, [to]: link };
      }
    } else unmatched.push(record.row);
    return links ? { row: record.row, values, links } : { row: record.row, values };
  });
  const join: JoinReport = {
    file: otherName,
    key,
    joinKey,
    columns: added.map((a) => a.to),
    joinHeaders: other.headers,
    matched,
    unmatched: { count: unmatched.length, rows: unmatched.slice(0, JOIN_REPORT_LIMIT) },
    duplicates: { count: duplicates.length, keys: duplicates.slice(0, JOIN_REPORT_LIMIT) },
  };
  return {
    ...main,
    headers: [...main.headers, ...join.columns],
    records,
    readWarnings: [...main.readWarnings, ...other.readWarnings.map((w) => `${otherName}: ${w}`), ...joinSentences(join)],
    join,
  };
}

const more = (count: number, shown: number) => (count > shown ? ` and ${count - shown} more` : '');

/** The join's problems in sentences for the preview. */
export function joinSentences(join: JoinReport): string[] {
  const out: string[] = [];
  const { unmatched, duplicates } = join;
  if (unmatched.count > 0) {
    const rows = unmatched.rows.join(', ') + more(unmatched.count, unmatched.rows.length);
    out.push(
      unmatched.count === 1
        ? `1 row of the main file has no match in ${join.file} by ${join.key} (row ${rows}): it is imported without that file's columns.`
        : `${unmatched.count} rows of the main file have no match in ${join.file} by ${join.key} (rows ${rows}): they are imported without that file's columns.`,
    );
  }
  if (duplicates.count > 0) {
    const keys = duplicates.keys.map((k) => `"${k}"`).join(', ') + more(duplicates.count, duplicates.keys.length);
    out.push(
      duplicates.count === 1
        ? `${join.file} has the ${join.joinKey} ${keys} on more than one row: the first of them is joined.`
        : `${join.file} has ${duplicates.count} ${join.joinKey} values on more than one row (${keys}): the first row of each is joined.`,
    );
  }
  return out;
}
