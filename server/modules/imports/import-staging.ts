/**
 * An import preview's staging rules (issue 44), a pure function over one batch of checked rows and the preview's
 * tallies so far: which rows are staged, which are refused as repeats within the file, how categories are spelled,
 * and what the preview counts on the way (currencies, pictures, derived fields, prices for the odd-price check).
 * No I/O: the preview (imports.service.ts) follows short links before and stages what this answers after.
 */
import type { CurrencyCode } from '../../../common/currency';
import type { ImportField } from '../../../common/import-columns';
import { ownImagePath } from '../../../common/media';
import type { ImportRowError } from '../../../common/schemas/imports';
import { fileKey } from './import-matching';
import type { ImportValues } from './import-rows';
import type { DerivedCounts, StagedRow } from './imports.repo';
import type { CheckedRow } from './readers/reader-protocol';

/** What a preview has seen so far, carried from batch to batch (newStagingTallies makes the first). */
export type StagingTallies = {
  /** The category list by lower-case name, with its spelling: a row's category is written as listed. */
  readonly listed: ReadonlyMap<string, string>;
  /** Each product's key in the file (our id, the source's id, or group and title) and the first row that had it. */
  seen: Map<string, number>;
  /** Categories the list lacks, by lower-case name: the first row's spelling, and how many rows name each. */
  newCategories: Map<string, string>;
  newCategoryRows: Map<string, number>;
  /** Rows refused (not valid, or a repeat within the file). */
  invalid: number;
  /** Rows whose price was in another currency than the base, by currency. */
  currencyRows: Map<CurrencyCode, number>;
  /** Fields read from other sites' buckets and titles (issue 40). */
  derived: DerivedCounts;
  /** Rows whose picture is a path on another site no base address resolved, and rows with any picture (issue 40). */
  pictures: { relative: number; withPicture: number; example: string | null };
  /** Every staged row's price (base currency) and amount as written, for the odd prices once all are read. */
  priced: Array<{ row: number; price: number; amount: number | null }>;
};

export function newStagingTallies(categoryNames: Iterable<string>, derive: boolean): StagingTallies {
  return {
    listed: new Map([...categoryNames].map((name) => [name.toLowerCase(), name])),
    seen: new Map(),
    newCategories: new Map(),
    newCategoryRows: new Map(),
    invalid: 0,
    currencyRows: new Map(),
    derived: { on: derive, gender: 0, brand: 0, best: 0, buckets: 0 },
    pictures: { relative: 0, withPicture: 0, example: null },
    priced: [],
  };
}

export type StagingRules = {
  /** The columns each field was read from (the mapping's), to name the column of a repeat. */
  columns: Partial<Record<ImportField, string[]>>;
  /** The address the admin's page came from: our own pictures given by their full address are kept as ours. */
  origin: string;
};

/** What one batch gives: the rows to stage, and the rows' errors and warnings (in the batch's order). */
export type StagedBatch = { staged: StagedRow[]; errors: ImportRowError[]; warnings: ImportRowError[] };

/**
 * Stages one batch (in file order, after the batches before it): a valid row is staged unless an earlier row of the
 * file is the same product (same id or source id, or same link and title: rows on one link with different titles are
 * colourways, decision 0052); its category is spelled as the list spells it, or as the first row that named a new
 * one did; our own picture addresses become paths. The tallies move with the batch.
 */
export function stageBatch(batch: readonly CheckedRow[], tallies: StagingTallies, rules: StagingRules): StagedBatch {
  const staged: StagedRow[] = [];
  const errors: ImportRowError[] = [];
  const warnings: ImportRowError[] = [];
  for (const { row, checked } of batch) {
    if (checked.relativePicture !== undefined) {
      tallies.pictures.relative += 1;
      tallies.pictures.example ??= checked.relativePicture.slice(0, 200);
    }
    if (checked.relativePicture !== undefined || (checked.ok && checked.values.image !== null)) tallies.pictures.withPicture += 1;
    if (checked.currency !== null) tallies.currencyRows.set(checked.currency, (tallies.currencyRows.get(checked.currency) ?? 0) + 1);
    for (const w of checked.warnings) warnings.push(w);
    if (!checked.ok) {
      tallies.invalid += 1;
      for (const e of checked.errors) errors.push(e);
      continue;
    }
    const values: ImportValues = checked.values;
    const same = fileKey(values);
    const first = same === null ? undefined : tallies.seen.get(same.key);
    if (same !== null && first !== undefined) {
      tallies.invalid += 1;
      const field: ImportField = same.by === 'id' ? 'id' : 'link';
      const message =
        same.by === 'id'
          ? `Row ${first} has the same product; each product may appear once.`
          : `Row ${first} has the same product (same link and title).`;
      errors.push({ row, column: rules.columns[field]?.[0] ?? field, message });
      continue;
    }
    if (same !== null) tallies.seen.set(same.key, row);
    if (values.category !== null) values.category = spelledCategory(values.category, tallies);
    if (values.image) values.image = ownImagePath(values.image, rules.origin);
    tallies.priced.push({ row, price: values.price, amount: checked.amount ?? null });
    if (checked.derived) {
      tallies.derived.gender += checked.derived.gender ? 1 : 0;
      tallies.derived.brand += checked.derived.brand ? 1 : 0;
      tallies.derived.best += checked.derived.best ? 1 : 0;
      tallies.derived.buckets += checked.derived.bucket ? 1 : 0;
    }
    staged.push({ row, values });
  }
  return { staged, errors, warnings };
}

/** A row's category as written: the list's spelling, else the first spelling the file gave that new category. */
function spelledCategory(category: string, tallies: StagingTallies): string {
  const key = category.toLowerCase();
  const listed = tallies.listed.get(key);
  if (listed) return listed;
  const first = tallies.newCategories.get(key);
  if (first === undefined) tallies.newCategories.set(key, category);
  tallies.newCategoryRows.set(key, (tallies.newCategoryRows.get(key) ?? 0) + 1);
  return first ?? category;
}

const byRow = (a: ImportRowError, b: ImportRowError) => a.row - b.row;

/**
 * A preview's errors or warnings in row order: the first `max` kept (what the import stores), every one counted.
 * Batches come in file order, so what falls past `max` after a batch never comes back (the sort is stable: a row's
 * problems keep their order).
 */
export class RowProblems {
  items: ImportRowError[] = [];
  count = 0;
  constructor(private readonly max: number) {}
  add(found: readonly ImportRowError[]): void {
    for (const f of found) this.items.push(f);
    this.count += found.length;
  }
  /** After a batch. */
  trim(): void {
    if (this.items.length <= this.max) return;
    this.items.sort(byRow);
    this.items.length = this.max;
  }
  kept(): ImportRowError[] {
    return this.items.sort(byRow).slice(0, this.max);
  }
}
