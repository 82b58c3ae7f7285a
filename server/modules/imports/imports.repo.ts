import { sql, type SQL } from 'drizzle-orm';
import { IGNORE_COLUMN } from '../../../common/import-columns';
import { keptMapping } from '../../../common/import-mapping';
import type {
  ImportJoin,
  ImportCounts,
  ImportCurrency,
  ImportMapping,
  ImportPolicy,
  ImportRowError,
  ImportStatus,
} from '../../../common/schemas/imports';
import type { Database } from '../../db/client';
import { rowsOf, type Executor } from '../../db/sql';
import type { Actor } from '../audit/audit.repo';
import { openChange } from '../changes/changes.repo';
import { setImportPriceCause } from '../price-history/price-history.repo';
import {
  mergedTranslations,
  sameAsJson,
  writtenAssignmentsFromJson,
  writtenSnapshot,
  WRITTEN_COLUMNS,
  writtenValuesFromJson,
} from '../catalogue/product-columns';
import { rowGroupKeySql, titleKeySql } from './import-matching';
import { categoryKey, type CategoryReason } from '../../../common/import-categories';
import type { ImportValues } from './import-rows';

/** How `imports.mapping` keeps the mapping: the file's columns in order, each with its field (this file's alone). */
type StoredMappingEntry = { header: string; field: string };
/** How the file was read (issue 26): its sheets, the one read, the encoding, and what the reader noticed. */
export type ImportReadInfo = {
  sheets?: string[];
  sheet?: string | null;
  encoding?: string | null;
  readWarnings?: string[];
  join?: ImportJoin | null;
};

export type ImportResult = {
  created: number;
  updated: number;
  skipped: number;
  imagesFetched: number;
  imageFailures: ImportRowError[];
  message: string | null;
  undo: { restored: number; skipped: number } | null;
  /** Set when every row is written: the pictures are fetched afterwards by jobs (import-pictures). */
  rowsDone?: boolean;
  /** The pictures phase: distinct addresses to fetch, fetched (or reused), failed. */
  pictures?: { total: number; fetched: number; failed: number };
  /** Hosts that failed in a row often enough: not asked again in this import. */
  deadHosts?: string[];
  /** Categories the import added that its Undo removed (no product was in them any more). */
  categoriesRemoved?: string[];
  /**
   * A preview's: product_totals.match_changes when its rows were matched (the commit matches again only if it moved).
   * A preview made before migration 0046 noted `matchedAtChange` instead, which no commit reads: it matches again.
   */
  matchedAtMatchChanges?: number;
  /** A preview's: rows whose picture another product already shows (issue 29), the first few and how many. */
  samePictures?: SamePictures;
  /** A preview's: rows to write whose price is odd (issue 40), the first few and how many, and the file's range. */
  oddPrices?: OddPrices;
  /** A preview's: rows to write without a buy link (issue 40), the first few and how many. */
  noLink?: RowsWithout;
  /** A preview's: whether gender, Best and brand were derived (issue 40), and for how many rows each. */
  derived?: DerivedCounts;
  /** A preview's: each new category with the existing one proposed for it and its name if kept new (issue 40). */
  categories?: CategoryProposalRow[];
  /** A preview's: rows whose picture is a path no base address resolved (issue 40), and whether to propose one. */
  relativePictures?: { count: number; example: string | null; propose: boolean; base: string | null };
  /** What the operator chose at the commit for those rows, and how many rows each choice left out. */
  choices?: ImportChoices & { skippedOddPrices: number; skippedNoLink: number };
};

export type DerivedCounts = { on: boolean; gender: number; brand: number; best: number; buckets: number };
/** Rows to write that lack something: the first `rows` (row number and title), `count` in all. */
export type RowsWithout = { count: number; rows: Array<{ row: number; title: string }> };
export type OddPrices = {
  count: number;
  low: number | null;
  high: number | null;
  rows: Array<{ row: number; title: string; price: number; reason: string }>;
};
/** The commit's choices for odd prices and rows without a buy link (issue 40). */
export type ImportChoices = { oddPrices: 'import' | 'skip'; noLink: 'import' | 'hide' | 'skip' };
/** A preview's new category with what the preview proposes for it (issue 40). */
export type CategoryProposalRow = { name: string; rows: number; proposed: string | null; reason: CategoryReason | null; newName: string };

/** Rows whose picture is already in the catalogue: the first `rows` (row number and a product showing it), `count` in all. */
export type SamePictures = { count: number; rows: Array<{ row: number; title: string; number: number }> };

export type ImportRow = {
  id: string;
  status: ImportStatus;
  source: string;
  format: string;
  policy: ImportPolicy;
  actorId: string | null;
  actorEmail: string;
  /** The file's columns, in order. */
  headers: string[];
  mapping: ImportMapping;
  readInfo: ImportReadInfo;
  counts: Partial<ImportCounts>;
  errors: ImportRowError[];
  errorCount: number;
  warnings: ImportRowError[];
  warningCount: number;
  currencies: ImportCurrency[];
  newCategories: string[];
  total: number;
  processed: number;
  result: Partial<ImportResult>;
  cancelRequested: boolean;
  changeId: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  heartbeatAt: Date | null;
  /** The server process running it (Database.instance), once its rows phase began there. */
  runner: string | null;
  /**
   * Whether a product it wrote is still as it left it (Undo would put something back); null when not read (the
   * job's own reads) or when it wrote nothing.
   */
  stillUndoable?: boolean | null;
};

/** "Is anything it wrote still as it left it?": a product whose updated_at is the one its change row kept. */
const STILL_UNDOABLE = sql.raw(`(case when change_id is null then null else exists (
  select 1 from catalogue_change_rows cr join products p on p.id = cr.product_id and p.updated_at = cr.after
  where cr.change_id = imports.change_id) end) as "stillUndoable"`);

const COLUMNS =
  sql.raw(`id, status, source, format, policy, actor_id as "actorId", actor_email as "actorEmail", mapping, read_info as "readInfo", counts, errors, error_count as "errorCount",
  warnings, warning_count as "warningCount", currencies,
  new_categories as "newCategories", total, processed, result, cancel_requested as "cancelRequested", change_id as "changeId",
  created_at as "createdAt", started_at as "startedAt", finished_at as "finishedAt", heartbeat_at as "heartbeatAt", runner`);

/** The light columns, for the list and the job's polling: not the stored errors. */
const json = <T>(value: unknown): T => (typeof value === 'string' ? (JSON.parse(value) as T) : (value as T));
const date = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(value as string));

/** The stored columns in order, and the mapping (a field no longer known reads as ignore). */
function mappingOf(stored: StoredMappingEntry[]): { headers: string[]; mapping: ImportMapping } {
  return {
    headers: stored.map((m) => m.header),
    mapping: keptMapping(Object.fromEntries(stored.map((m) => [m.header, m.field]))),
  };
}

/** The mapping as `imports.mapping` keeps it, in the file's column order. */
function storedMapping(headers: readonly string[], mapping: ImportMapping): StoredMappingEntry[] {
  return headers.map((header) => ({ header, field: mapping[header] ?? IGNORE_COLUMN }));
}

const text = (value: unknown): string => (typeof value === 'string' ? value : String(value ?? ''));
const textOrNull = (value: unknown): string | null => (value === null || value === undefined ? null : text(value));

/** A row of COLUMNS (and STILL_UNDOABLE when read) as the service takes it. */
function toRow(r: Record<string, unknown>): ImportRow {
  return {
    id: text(r.id),
    status: r.status as ImportStatus,
    source: text(r.source),
    format: text(r.format),
    policy: r.policy as ImportPolicy,
    actorId: textOrNull(r.actorId),
    actorEmail: text(r.actorEmail),
    ...mappingOf(json<StoredMappingEntry[]>(r.mapping)),
    readInfo: json(r.readInfo),
    counts: json(r.counts),
    errors: json(r.errors),
    errorCount: Number(r.errorCount),
    warnings: json(r.warnings ?? []),
    warningCount: Number(r.warningCount),
    currencies: json(r.currencies ?? []),
    newCategories: json(r.newCategories),
    total: Number(r.total),
    processed: Number(r.processed),
    result: json(r.result),
    cancelRequested: r.cancelRequested === true,
    changeId: textOrNull(r.changeId),
    createdAt: new Date(r.createdAt as string),
    startedAt: date(r.startedAt),
    finishedAt: date(r.finishedAt),
    heartbeatAt: date(r.heartbeatAt),
    runner: textOrNull(r.runner),
    ...('stillUndoable' in r ? { stillUndoable: r.stillUndoable === null ? null : r.stillUndoable === true } : {}),
  };
}

/** Staged rows go in at this many per statement (one JSON parameter each). */
const STAGE_CHUNK = 5000;

/** An import's category keeps the product's spelling when only its case differs, and matches case aside. */
const keptCategory = (p: string, v: string) =>
  `case when lower(${p}.category) = lower(${v}->>'category') then ${p}.category else ${v}->>'category' end`;

/** True when product `p` already has every field an import writes as row values `v` (aliases as SQL text). */
const same = (p: string, v: string) =>
  sql.raw(
    sameAsJson(p, v, {
      category: `lower(coalesce(nullif(btrim(${p}.category), ''), '')) = lower(coalesce(${v}->>'category', ''))`,
      translations: `${p}.translations = ${mergedTranslations(p, v)}`,
    }),
  );

export type StagedRow = { row: number; values: ImportValues };

/**
 * Matches an import's staged rows to products, in set-based statements on indexed columns (no walk of an index per
 * row, whatever the table's state): by our id; else by the source's id; else within the row's group (products on
 * one seller item) by title, case and spaces aside; else, where the group holds exactly one product and the file
 * one open row of it, that product (an edited title still updates it); else, for a row without link or seller item,
 * the product of the same title without either. A product matched by an earlier step is not
 * matched again by a later one. Then two rows that reach one product: the later one is dropped and answered
 * (row, first). Then each row's action: 'new' without a product, 'unchanged' when every field is the same, else
 * 'update'. Run at preview and again when the import is committed (the catalogue may have changed between).
 */
async function matchStaged(tx: Executor, id: string): Promise<Array<{ row: number; first: number }>> {
  for (const statement of matchingStatements(id)) await tx.execute(statement);
  const repeats = await dropRepeats(tx, id);
  await tx.execute(actionsStatement(id));
  return repeats;
}

/** The matching's statements by name, in the order they run (a preview runs each in a transaction of its own). */
export const MATCHING_STEPS = ['clear', 'by-id', 'by-source', 'by-group-title', 'by-lone-product', 'by-title-without-link'] as const;
export type MatchingStep = (typeof MATCHING_STEPS)[number];

/**
 * A part of an import's staged rows that one of a preview's statements works on (issue 39): rows by number, or the
 * rows of one group_part (its group's hash modulo the preview's groupPartCount, so every row of a group is in the
 * same part). On the embedded database each statement holds the one connection: over 100,000 rows, one matching
 * statement held it for 0.5 to 2 s, and every visitor's request waited; a part of MATCH_PART_ROWS rows holds it for
 * a hundredth of that, and requests go between the parts.
 */
export type RowPart = { by: 'row'; from: number; to: number } | { by: 'group'; part: number };
/** About this many rows a part. */
export const MATCH_PART_ROWS = 1000;

/** How many parts by group a preview of `rows` rows is matched in (each row's group_part is below it). */
export function groupPartCount(rows: number, size = MATCH_PART_ROWS): number {
  return Math.max(1, Math.ceil(rows / Math.max(1, size)));
}
/**
 * How each matching step may be split, or null when it runs whole: a step that looks at one row at a time by rows;
 * one whose rows can claim the same product only within their group (a product's group is the row's) by groups, so
 * a part sees every row that could claim its products, as the whole statement did. The others are index lookups per
 * row that stay whole: two rows of one id or source id are refused by the file's own checks, but two rows without a
 * group may share a title, and a part would then hide one row's claim from the other.
 */
export const MATCHING_PARTS: Record<MatchingStep, RowPart['by'] | null> = {
  clear: 'row',
  'by-id': null,
  'by-source': null,
  'by-group-title': 'group',
  'by-lone-product': 'group',
  'by-title-without-link': null,
};

/** The rows of `part` (an import's rows as `r`); a part by group is one group_part (import_rows_group_part_idx). */
function inPart(part: RowPart | undefined): SQL {
  if (!part) return sql``;
  if (part.by === 'row') return sql` and r.row_number >= ${part.from} and r.row_number < ${part.to}`;
  return sql` and r.group_part = ${part.part}`;
}

/** One matching statement (see matchStaged), over the rows of `part` or all of them. */
function matchingStatement(id: string, step: MatchingStep, part?: RowPart): SQL {
  const mine = sql`r.import_id = ${id}::uuid${inPart(part)}`;
  const group = rowGroupKeySql('r.values');
  const unclaimed = (product: string) =>
    sql`not exists (select 1 from import_rows c where c.import_id = ${id}::uuid and c.product_id = ${sql.raw(product)})`;
  switch (step) {
    case 'clear':
      return sql`update import_rows r set product_id = null, action = 'new' where ${mine} and (product_id is not null or action <> 'new')`;
    case 'by-id':
      return sql`
    update import_rows r set product_id = p.id from products p
    where ${mine} and r.values->>'id' is not null and p.id = (r.values->>'id')::uuid`;
    case 'by-source':
      return sql`
    update import_rows r set product_id = p.id from products p
    where ${mine} and r.product_id is null and r.values->>'sourceId' is not null and p.source_id = r.values->>'sourceId'
      and ${unclaimed('p.id')}`;
    case 'by-group-title':
      return sql`
    update import_rows r set product_id = m.product_id from (
      select distinct on (r.row_number) r.row_number, p.id as product_id
      from import_rows r join products p on p.group_key = ${group} and ${titleKeySql('p.title')} = ${titleKeySql("(r.values->>'title')")}
      where ${mine} and r.product_id is null and ${unclaimed('p.id')}
      order by r.row_number, p.row
    ) m
    where ${mine} and r.row_number = m.row_number`;
    case 'by-lone-product':
      return sql`
    with open as (
      select ${group} as g, min(r.row_number) as row_number from import_rows r
      where ${mine} and r.product_id is null and ${group} is not null
      group by 1 having count(*) = 1
    ), single as (
      select o.row_number, min(p.id::text)::uuid as product_id from open o join products p on p.group_key = o.g
      group by o.row_number having count(*) = 1
    )
    update import_rows r set product_id = s.product_id from single s
    where ${mine} and r.row_number = s.row_number and ${unclaimed('s.product_id')}`;
    case 'by-title-without-link':
      // A row with neither link nor seller item has no group: it is the product of the same title that has none
      // either (an earlier import's row without a buy link, hidden until one is added or imported as is, issue 40).
      return sql`
    update import_rows r set product_id = m.product_id from (
      select distinct on (r.row_number) r.row_number, p.id as product_id
      from import_rows r join products p on p.group_key is null and ${titleKeySql('p.title')} = ${titleKeySql("(r.values->>'title')")}
      where ${mine} and r.product_id is null and ${group} is null and ${unclaimed('p.id')}
      order by r.row_number, p.row
    ) m
    where ${mine} and r.row_number = m.row_number`;
  }
}

/**
 * The preview's same-picture statement (issue 29; its plan, issue 39): for each staged row with a picture, the
 * first product (by number) showing it, the row's own product aside, and how many rows found one. Each row's
 * lookup is one descent of products_image_number_idx (picture, number): the rows of one picture are in number order
 * there, so the first one not the row's own product ends it. With an index on the picture alone, the planner
 * could also walk products_number_idx in number order, filtering by picture, which reads the whole catalogue for
 * each row whose picture no product shows (issue 39: past the statement limit at 6,700 products); the
 * two-column index is cheaper for any picture, so no estimate makes that walk win. scripts/explain-same-pictures.ts
 * shows the plan on both databases.
 */
export function samePicturesStatement(id: string, limit: number): SQL {
  return sql`
    select r.row_number as row, p.title, p.number, count(*) over ()::int as total
    from import_rows r
    cross join lateral (
      select title, number from products p
      where p.image = r.values->>'image' and p.id is distinct from r.product_id
      order by p.number limit 1
    ) p
    where r.import_id = ${id}::uuid and r.values->>'image' is not null
    order by r.row_number limit ${limit}`;
}

/** matchStaged's matching statements, in order (apart, so a bench can EXPLAIN each). */
export function matchingStatements(id: string): SQL[] {
  return MATCHING_STEPS.map((step) => matchingStatement(id, step));
}

/** Of two rows matched to one product, the later is dropped; answers them as (row, first). */
function dropRepeats(tx: Executor, id: string): Promise<Array<{ row: number; first: number }>> {
  return rowsOf<{ row: number; first: number }>(
    tx,
    sql`
    delete from import_rows r using (
      select row_number, min(row_number) over (partition by product_id) as first from import_rows
      where import_id = ${id}::uuid and product_id is not null
    ) d
    where r.import_id = ${id}::uuid and r.row_number = d.row_number and d.row_number <> d.first
    returning r.row_number as row, d.first`,
  );
}

/** Each matched row's action (of `part`, or of all): 'unchanged' when every field is the same, else 'update'. */
function actionsStatement(id: string, part?: RowPart): SQL {
  return sql`
    update import_rows r set action = case when ${same('p', 'r.values')} then 'unchanged' else 'update' end
    from products p
    where r.import_id = ${id}::uuid${inPart(part)} and p.id = r.product_id`;
}

async function countStaged(tx: Executor, id: string): Promise<Omit<ImportCounts, 'invalid'>> {
  const [counted] = await rowsOf<Omit<ImportCounts, 'invalid'>>(
    tx,
    sql`
    select count(*) filter (where action = 'new')::int as "new", count(*) filter (where action = 'update')::int as updated,
           count(*) filter (where action = 'unchanged')::int as unchanged
    from import_rows where import_id = ${id}::uuid`,
  );
  return counted ?? { new: 0, updated: 0, unchanged: 0 };
}

/**
 * Inserts staged rows (one JSON parameter), each with its part of the matching by group: its group's hash modulo
 * `groupParts` (groupPartCount), null without a group.
 */
function stageStatement(id: string, rows: StagedRow[], groupParts: number): SQL {
  const chunk = rows.map((r) => ({ r: r.row, v: r.values }));
  return sql`
    insert into import_rows (import_id, row_number, action, values, group_part)
    select ${id}::uuid, (e->>'r')::int, 'new', e->'v', (hashtext(${rowGroupKeySql("(e->'v')")}) & 2147483647) % ${groupParts}::int
    from jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) e`;
}

/**
 * Rows whose picture address an earlier import fetched get that stored image (the first stored), optionally only
 * in a range of rows (`range`, SQL over `r`).
 */
function knownImagesStatement(id: string, range: SQL = sql`true`): SQL {
  return sql`
    update import_rows r set values = jsonb_set(r.values, '{image}', to_jsonb(k.url))
    from (select distinct on (source_url) source_url, url from images
          where source_url in (select r.values->>'image' from import_rows r where r.import_id = ${id}::uuid and ${range})
          order by source_url, created_at) k
    where r.import_id = ${id}::uuid and ${range} and k.source_url = r.values->>'image'`;
}

/**
 * Before a batch is written (in its transaction): addresses fetched by an earlier import become that stored image;
 * other external pictures are set aside (`pendingImage`, fetched after the rows by jobs) so the products go live
 * without them; new rows with such a picture get their product id now, so the picture jobs know which product each
 * address is for. `range` selects the batch's rows (SQL over `r`).
 */
async function prepareBatch(tx: Executor, id: string, range: SQL): Promise<void> {
  await tx.execute(knownImagesStatement(id, range));
  await tx.execute(sql`
    update import_rows r set values = (r.values - 'image') || jsonb_build_object('image', null, 'pendingImage', r.values->>'image'),
      product_id = case when r.action = 'new' then coalesce(r.product_id, (r.values->>'id')::uuid, gen_random_uuid()) else r.product_id end
    where r.import_id = ${id}::uuid and ${range} and r.values->>'image' ~* '^https?://'`);
}

/** A staged row without a buy link. */
const NO_LINK = sql`coalesce(r.values->>'link', '') = ''`;

/**
 * The commit's choices for the rows the preview flagged (issue 40): rows with an odd price or without a buy link
 * skipped (their staged rows go) or, without a link, written hidden until one is added (writeBatch hides them).
 * Noted on the import; answers how many rows it left out.
 */
async function applyChoices(tx: Executor, id: string, choices: ImportChoices): Promise<number> {
  const dropped = async (where: SQL) =>
    (
      await rowsOf<{ n: number }>(
        tx,
        sql`with d as (delete from import_rows r where r.import_id = ${id}::uuid and ${where} returning 1)
      select count(*)::int as n from d`,
      )
    )[0]?.n ?? 0;
  const skippedOddPrices = choices.oddPrices === 'skip' ? await dropped(sql`r.values ? 'oddPrice'`) : 0;
  const skippedNoLink = choices.noLink === 'skip' ? await dropped(NO_LINK) : 0;
  const noted = { ...choices, skippedOddPrices, skippedNoLink };
  await tx.execute(
    sql`update imports set result = result || jsonb_build_object('choices', ${JSON.stringify(noted)}::jsonb) where id = ${id}::uuid`,
  );
  return skippedOddPrices + skippedNoLink;
}

/**
 * Rows without a buy link to write hidden (after the matching: a new row gets its product's id now, so the batch
 * that writes it finds the product to hide).
 */
async function markHidden(tx: Executor, id: string): Promise<void> {
  await tx.execute(sql`
    update import_rows r set values = r.values || '{"hideUntilLink": true}'::jsonb,
      product_id = case when r.action = 'new' then coalesce(r.product_id, (r.values->>'id')::uuid, gen_random_uuid()) else r.product_id end
    where r.import_id = ${id}::uuid and ${NO_LINK}`);
}

/**
 * The commit's categories (issue 40): each new category of the file becomes the existing one the operator chose, or
 * the name it is kept new under; the import's list of categories to add follows, and the choices are remembered for
 * the next import of the same source. Answers whether any row's category changed.
 */
async function applyCategories(tx: Executor, id: string, chosen: Record<string, string>): Promise<boolean> {
  const entries = Object.entries(chosen).filter(([from, to]) => from !== to);
  const [current] = await rowsOf<{ source: string; newCategories: unknown }>(
    tx,
    sql`select source, new_categories as "newCategories" from imports where id = ${id}::uuid`,
  );
  if (!current || Object.keys(chosen).length === 0) return false;
  const pairs = JSON.stringify(entries.map(([from, to]) => ({ f: from, t: to })));
  const changed =
    entries.length === 0
      ? []
      : await rowsOf<{ n: number }>(
          tx,
          sql`
      update import_rows r set values = jsonb_set(r.values, '{category}', to_jsonb(c->>'t'))
      from jsonb_array_elements(${pairs}::jsonb) c
      where r.import_id = ${id}::uuid and r.values->>'category' = c->>'f' returning 1 as n`,
        );
  const listed = new Set((await rowsOf<{ name: string }>(tx, sql`select name from categories`)).map((r) => r.name.toLowerCase()));
  const names = json<string[]>(current.newCategories);
  const toAdd = new Map<string, string>();
  for (const name of names) {
    const target = chosen[name] ?? name;
    if (!listed.has(target.toLowerCase()) && !toAdd.has(target.toLowerCase())) toAdd.set(target.toLowerCase(), target);
  }
  await tx.execute(sql`update imports set new_categories = ${JSON.stringify([...toAdd.values()])}::jsonb where id = ${id}::uuid`);
  const remembered = JSON.stringify(Object.entries(chosen).map(([from, to]) => ({ k: categoryKey(from), t: to })));
  await tx.execute(sql`
    insert into import_category_choices (source, from_key, to_name)
    select ${current.source}, c->>'k', c->>'t' from jsonb_array_elements(${remembered}::jsonb) c
    on conflict (source, from_key) do update set to_name = excluded.to_name, updated_at = now()`);
  return changed.length > 0;
}

/** The counts and total again after rows were left out (the invalid ones stay as they were). */
async function recount(tx: Executor, id: string): Promise<void> {
  const counted = await countStaged(tx, id);
  await tx.execute(sql`
    update imports set total = ${counted.new + counted.updated},
      counts = counts || jsonb_build_object('new', ${counted.new}::int, 'updated', ${counted.updated}::int, 'unchanged', ${counted.unchanged}::int)
    where id = ${id}::uuid`);
}

/** A claimed import's change record, and the import marked running with it. */
async function startRun(tx: Executor, id: string, policy: ImportPolicy, actor: Actor, summary: string): Promise<ImportRow | null> {
  const changeId = await openChange(tx, 'import', summary, actor);
  const [row] = await rowsOf<Record<string, unknown>>(
    tx,
    sql`
    update imports set status = 'running', policy = ${policy}, change_id = ${changeId}::uuid, started_at = now(), heartbeat_at = now()
    where id = ${id}::uuid returning ${COLUMNS}`,
  );
  return row ? toRow(row) : null;
}

export function createImportsRepo(database: Database) {
  const { db } = database;
  return {
    /** Previews older than a day were never confirmed: they and their staged rows go. */
    async dropStalePreviews(): Promise<void> {
      await database.rows(sql`delete from imports where status = 'previewed' and created_at < now() - interval '1 day'`);
    },

    /**
     * Records a preview whose rows are still being read (decision 0049, addendum): its rows are staged batch by batch
     * (stageRows), then matched (the service's finishPreview). Until its counts are saved it is not listed, and a commit finds nothing
     * to import.
     */
    async startPreview(preview: {
      source: string;
      format: string;
      policy: ImportPolicy;
      actor: Actor;
      headers: readonly string[];
      mapping: ImportMapping;
      readInfo?: ImportReadInfo;
    }): Promise<string> {
      const [created] = await database.rows<{ id: string }>(sql`
        insert into imports (source, format, policy, actor_id, actor_email, mapping, read_info)
        values (${preview.source}, ${preview.format}, ${preview.policy}, ${preview.actor.id}::uuid, ${preview.actor.email}, ${JSON.stringify(storedMapping(preview.headers, preview.mapping))}::jsonb,
          ${JSON.stringify(preview.readInfo ?? {})}::jsonb)
        returning id`);
      if (!created) throw new Error('insert returned no row');
      return created.id;
    },

    /**
     * Stages a batch of a preview's valid rows, one statement (its own transaction: nothing is held between batches);
     * `groupParts` is the preview's groupPartCount.
     */
    async stageRows(id: string, rows: StagedRow[], groupParts: number): Promise<void> {
      if (rows.length === 0) return;
      await database.rows(stageStatement(id, rows, groupParts));
    },

    // A preview's last steps, once every row is staged (the service's finishPreview runs each in a transaction of
    // its own): the catalogue's state it is matched at, the pictures an earlier import fetched, the matching, the counts.

    /**
     * Notes the product_totals.match_changes the rows are matched at: a commit matches again when a statement since
     * may have changed how they match (migration 0046).
     */
    async noteMatchedAt(id: string): Promise<void> {
      await db.execute(sql`
        update imports set result = result || jsonb_build_object('matchedAtMatchChanges', (select match_changes from product_totals))
        where id = ${id}::uuid`);
    },

    /** Rows whose picture address an earlier import fetched get that stored image. */
    async useKnownImages(id: string): Promise<void> {
      await db.execute(knownImagesStatement(id));
    },

    /** One statement of the matching (see matchStaged), over the rows of `part` or all of them. */
    async matchStep(id: string, step: MatchingStep, part?: RowPart): Promise<void> {
      await db.execute(matchingStatement(id, step, part));
    },

    /** The staged rows of an import in parts of `size` row numbers (none when nothing is staged). */
    async rowParts(id: string, size = MATCH_PART_ROWS): Promise<RowPart[]> {
      const [span] = await database.rows<{ lo: number | null; hi: number | null }>(
        sql`select min(row_number) as lo, max(row_number) as hi from import_rows where import_id = ${id}::uuid`,
      );
      if (span?.lo == null || span.hi == null) return [];
      const parts: RowPart[] = [];
      for (let from = Number(span.lo); from <= Number(span.hi); from += size) parts.push({ by: 'row', from, to: from + size });
      return parts;
    },

    /** After the matching: of two rows matched to one product the later goes, answered as (row, first). */
    dropRepeats: (id: string) => dropRepeats(db, id),

    /** After the repeats: each matched row (of `part`, or all) is 'unchanged' or 'update'. */
    async setActions(id: string, part?: RowPart): Promise<void> {
      await db.execute(actionsStatement(id, part));
    },

    /** The staged rows by action. */
    countStaged: (id: string) => countStaged(db, id),

    /**
     * A preview's rows whose one difference from their product is a category the operator mapped at an earlier import
     * of the same source (`pairs`: the file's spelling → the remembered category) are 'unchanged': the commit maps
     * them again (applyCategories), so they would write nothing (issue 40).
     */
    async settleRememberedCategories(id: string, pairs: ReadonlyArray<{ from: string; to: string }>): Promise<void> {
      if (pairs.length === 0) return;
      await db.execute(sql`
        update import_rows r set action = 'unchanged'
        from products p, jsonb_array_elements(${JSON.stringify(pairs.map((c) => ({ f: c.from, t: c.to })))}::jsonb) c
        where r.import_id = ${id}::uuid and r.action = 'update' and p.id = r.product_id
          and lower(r.values->>'category') = lower(c->>'f')
          and ${same('p', "(r.values || jsonb_build_object('category', c->>'t'))")}`);
    },

    /** What operators chose for new categories at earlier imports of this source (issue 40), by categoryKey. */
    async categoryChoices(source: string): Promise<Map<string, string>> {
      const rows = await database.rows<{ fromKey: string; toName: string }>(sql`
        select from_key as "fromKey", to_name as "toName" from import_category_choices where source = ${source}`);
      return new Map(rows.map((r) => [r.fromKey, r.toName]));
    },

    /** Marks staged rows whose price is odd (issue 40), each with the reason. */
    async flagOddPrices(id: string, flagged: Array<{ row: number; reason: string }>): Promise<void> {
      for (let i = 0; i < flagged.length; i += STAGE_CHUNK) {
        const chunk = flagged.slice(i, i + STAGE_CHUNK).map((f) => ({ r: f.row, m: f.reason }));
        await database.rows(sql`
          update import_rows r set values = r.values || jsonb_build_object('oddPrice', f->>'m')
          from jsonb_array_elements(${JSON.stringify(chunk)}::jsonb) f
          where r.import_id = ${id}::uuid and r.row_number = (f->>'r')::int`);
      }
    },

    /**
     * A matched preview's rows to write (new or updated) with an odd price, and those without a buy link (issue 40):
     * how many, and the first `limit` of each.
     */
    async flaggedRows(id: string, limit: number): Promise<{ oddPrices: Omit<OddPrices, 'low' | 'high'>; noLink: RowsWithout }> {
      const written = sql`r.import_id = ${id}::uuid and r.action in ('new', 'update')`;
      const odd = await database.rows<{ row: number; title: string; price: number; reason: string; total: number }>(sql`
        select r.row_number::int as row, r.values->>'title' as title, (r.values->>'price')::float8 as price, r.values->>'oddPrice' as reason,
          count(*) over ()::int as total
        from import_rows r where ${written} and r.values ? 'oddPrice' order by r.row_number limit ${limit}`);
      const bare = await database.rows<{ row: number; title: string; total: number }>(sql`
        select r.row_number::int as row, r.values->>'title' as title, count(*) over ()::int as total
        from import_rows r where ${written} and ${NO_LINK} order by r.row_number limit ${limit}`);
      return {
        oddPrices: { count: odd[0]?.total ?? 0, rows: odd.map(({ total: _t, ...r }) => ({ ...r, price: Number(r.price) })) },
        noLink: { count: bare[0]?.total ?? 0, rows: bare.map(({ total: _t, ...r }) => r) },
      };
    },

    /** A preview that could not be finished goes, with what it staged. */
    async dropPreview(id: string): Promise<void> {
      await database.rows(sql`delete from imports where id = ${id}::uuid and status = 'previewed'`);
    },

    /**
     * Records a preview and stages its valid rows, then matches them to products (matchStaged): 'new' without a
     * match, 'unchanged' when every field is the same, else 'update'. Two rows that reach one product: the later one
     * is refused. (All at once, in the one transaction its caller opens, scripts/explain-import-matching.ts; the
     * service streams.) Its caller gives that transaction the change limit.
     */
    async createPreview(preview: {
      source: string;
      format: string;
      policy: ImportPolicy;
      actor: Actor;
      headers: readonly string[];
      mapping: ImportMapping;
      readInfo?: ImportReadInfo;
      rows: StagedRow[];
    }): Promise<{ id: string; counts: Omit<ImportCounts, 'invalid'>; repeats: Array<{ row: number; first: number }> }> {
      const [created] = await rowsOf<{ id: string }>(
        db,
        sql`
        insert into imports (source, format, policy, actor_id, actor_email, mapping, read_info)
        values (${preview.source}, ${preview.format}, ${preview.policy}, ${preview.actor.id}::uuid, ${preview.actor.email}, ${JSON.stringify(storedMapping(preview.headers, preview.mapping))}::jsonb,
          ${JSON.stringify(preview.readInfo ?? {})}::jsonb)
        returning id`,
      );
      if (!created) throw new Error('insert returned no row');
      const id = created.id;
      for (let i = 0; i < preview.rows.length; i += STAGE_CHUNK)
        await db.execute(stageStatement(id, preview.rows.slice(i, i + STAGE_CHUNK), groupPartCount(preview.rows.length)));
      const repeats = await matchStaged(db, id);
      const counted = await countStaged(db, id);
      return { id, counts: counted, repeats };
    },

    async savePreviewResult(
      id: string,
      counts: ImportCounts,
      errors: ImportRowError[],
      errorCount: number,
      newCategories: string[],
      found: {
        warnings: ImportRowError[];
        warningCount: number;
        currencies: ImportCurrency[];
        samePictures?: SamePictures;
        oddPrices?: OddPrices;
        noLink?: RowsWithout;
        derived?: DerivedCounts;
        categories?: CategoryProposalRow[];
        relativePictures?: ImportResult['relativePictures'];
      } = {
        warnings: [],
        warningCount: 0,
        currencies: [],
      },
    ): Promise<void> {
      const kept = Object.fromEntries(
        (['samePictures', 'oddPrices', 'noLink', 'derived', 'categories', 'relativePictures'] as const).flatMap((key) =>
          found[key] ? [[key, found[key]]] : [],
        ),
      );
      const samePictures = sql`${JSON.stringify(kept)}::jsonb`;
      await database.rows(sql`
        update imports set counts = ${JSON.stringify(counts)}::jsonb, errors = ${JSON.stringify(errors)}::jsonb,
          error_count = ${errorCount}, new_categories = ${JSON.stringify(newCategories)}::jsonb, total = ${counts.new + counts.updated},
          warnings = ${JSON.stringify(found.warnings)}::jsonb, warning_count = ${found.warningCount}, currencies = ${JSON.stringify(found.currencies)}::jsonb,
          result = result || ${samePictures}
        where id = ${id}::uuid`);
    },

    /**
     * A matched preview's rows whose picture another product already shows (issue 29): the same address (an external
     * picture, or one an earlier import fetched, which useKnownImages made that stored image's), the product the row
     * updates aside. The preview fetches no picture, so it compares addresses; the product page compares the photos'
     * hashes once the import has stored them (samePicturesStatement).
     */
    async samePictures(id: string, limit: number): Promise<SamePictures> {
      const rows = await database.rows<{ row: number; title: string; number: number; total: number }>(samePicturesStatement(id, limit));
      return {
        count: Number(rows[0]?.total ?? 0),
        rows: rows.map((r) => ({ row: Number(r.row), title: r.title, number: Number(r.number) })),
      };
    },

    async find(id: string): Promise<ImportRow | null> {
      const [row] = await database.rows(sql`select ${COLUMNS}, ${STILL_UNDOABLE} from imports where id = ${id}::uuid`);
      return row ? toRow(row) : null;
    },

    /** A page of the history, newest first (previews older than a day are dropped), and how many there are. */
    async page(page: number, pageSize: number): Promise<{ rows: ImportRow[]; total: number }> {
      // A preview still being read (no counts yet, decision 0049 addendum) is not listed.
      const shown = sql`(status <> 'previewed' or (created_at > now() - interval '1 day' and counts <> '{}'::jsonb))`;
      const rows = await database.rows(sql`
        select ${COLUMNS}, ${STILL_UNDOABLE} from imports where ${shown}
        order by created_at desc, id limit ${pageSize} offset ${(page - 1) * pageSize}`);
      const [counted] = await database.rows<{ n: number }>(sql`select count(*)::int as n from imports where ${shown}`);
      return { rows: rows.map(toRow), total: Number(counted?.n ?? 0) };
    },

    async recent(limit: number): Promise<ImportRow[]> {
      const rows = await database.rows(
        sql`select ${COLUMNS} from imports where status <> 'previewed' or (created_at > now() - interval '1 day' and counts <> '{}'::jsonb) order by created_at desc limit ${limit}`,
      );
      return rows.map(toRow);
    },

    /**
     * A 'running' import whose job has not written for `staleMs` lost its process (a restart, a crash): it is marked
     * failed, and what it wrote can be undone.
     */
    async failStale(staleMs: number): Promise<void> {
      await database.rows(sql`
        update imports set status = 'failed', finished_at = now(),
          result = result || jsonb_build_object('message', 'The server stopped while this import ran; what it wrote can be undone.')
        where status = 'running' and coalesce(heartbeat_at, started_at) < now() - make_interval(secs => ${staleMs / 1000})`);
    },

    /**
     * Moves a previewed import to 'running' with its change record, once: a second commit finds it taken (null).
     * Run in a transaction of its own (the service's, under the change limit): the rows are matched
     * again in it, so what changed since the preview (another import of the same file committed first) is updated or
     * left unchanged instead of created twice; the counts follow. While another import runs it answers 'busy': that
     * one's products are not all written yet, so matching would miss them.
     */
    async claim(
      id: string,
      policy: ImportPolicy,
      actor: Actor,
      summary: string,
      choices: ImportChoices = { oddPrices: 'import', noLink: 'import' },
      categories: Record<string, string> = {},
    ): Promise<ImportRow | null | 'busy'> {
      // One claim at a time (the lock is held to the end of the transaction), so two commits cannot both see no other import running.
      await db.execute(sql`select pg_advisory_xact_lock(hashtext('finder:import-claim'))`);
      const [locked] = await rowsOf<{ id: string }>(
        db,
        sql`select id from imports where id = ${id}::uuid and status = 'previewed' for update`,
      );
      if (!locked) return null;
      const [other] = await rowsOf<{ id: string }>(db, sql`select id from imports where status = 'running' and id <> ${id}::uuid limit 1`);
      if (other) return 'busy';
      const left = await applyChoices(db, id, choices);
      const renamed = await applyCategories(db, id, categories);
      // No statement has written what the matching reads since the preview matched its rows (product_totals.
      // match_changes moves with each one, migration 0046): the matches stand as they are. Else they are made again.
      const [unchanged] = await rowsOf<{ same: boolean }>(
        db,
        sql`
        select coalesce((i.result->>'matchedAtMatchChanges')::bigint = t.match_changes, false) as same
        from imports i, product_totals t where i.id = ${id}::uuid`,
      );
      if (unchanged?.same) {
        if (renamed) await db.execute(actionsStatement(id));
        if (left > 0 || renamed) await recount(db, id);
        if (choices.noLink === 'hide') await markHidden(db, id);
        return startRun(db, id, policy, actor, summary);
      }
      const repeats = await matchStaged(db, id);
      const counted = await countStaged(db, id);
      const repeatErrors: ImportRowError[] = repeats.map(({ row, first }) => ({
        row,
        column: '',
        message: `Row ${first} already matches the same product; each product may appear once.`,
      }));
      await db.execute(sql`
        update imports set total = ${counted.new + counted.updated}, error_count = error_count + ${repeats.length},
          counts = counts || jsonb_build_object('new', ${counted.new}::int, 'updated', ${counted.updated}::int, 'unchanged', ${counted.unchanged}::int,
            'invalid', coalesce((counts->>'invalid')::int, 0) + ${repeats.length}::int),
          errors = errors || ${JSON.stringify(repeatErrors)}::jsonb
        where id = ${id}::uuid`);
      if (choices.noLink === 'hide') await markHidden(db, id);
      return startRun(db, id, policy, actor, summary);
    },

    async requestCancel(id: string): Promise<void> {
      await database.rows(sql`update imports set cancel_requested = true where id = ${id}::uuid and status = 'running'`);
      await database.rows(
        sql`update imports set status = 'cancelled', finished_at = now() where id = ${id}::uuid and status = 'previewed'`,
      );
      await database.rows(
        sql`delete from import_rows where import_id = ${id}::uuid and exists (select 1 from imports where id = ${id}::uuid and status = 'cancelled')`,
      );
    },

    /** The job's view: whether the operator asked to stop; writes the heartbeat. */
    async heartbeat(id: string, result: Partial<ImportResult>): Promise<boolean> {
      const [row] = await database.rows<{ cancel: boolean }>(sql`
        update imports set heartbeat_at = now(), runner = ${database.instance}, result = ${JSON.stringify(result)}::jsonb
        where id = ${id}::uuid returning cancel_requested as cancel`);
      return row?.cancel ?? true;
    },

    /** Distinct external image addresses of the rows to write, each with the first row that names it. */
    async externalImages(id: string): Promise<Array<{ url: string; row: number }>> {
      return database.rows<{ url: string; row: number }>(sql`
        select values->>'image' as url, min(row_number)::int as row from import_rows
        where import_id = ${id}::uuid and action in ('new', 'update') and values->>'image' ~* '^https?://'
        group by values->>'image' order by min(row_number)`);
    },

    async replaceImage(id: string, from: string, to: string): Promise<void> {
      await database.rows(sql`
        update import_rows set values = jsonb_set(values, '{image}', to_jsonb(${to}::text))
        where import_id = ${id}::uuid and values->>'image' = ${from}`);
    },

    /**
     * Where each batch of rows to write ends (its last row number), `limit` rows a batch, in one statement: a batch is
     * the rows after the previous end up to its own.
     */
    async batchEnds(id: string, limit: number): Promise<number[]> {
      const rows = await database.rows<{ last: number }>(sql`
        select row_number::int as last from (
          select row_number, row_number() over (order by row_number) as n, count(*) over () as total
          from import_rows where import_id = ${id}::uuid and action in ('new', 'update')) b
        where n % ${limit} = 0 or n = total order by row_number`);
      return rows.map((r) => Number(r.last));
    },

    /**
     * Writes one batch of rows with the change's rows (what each product was, for Undo), in the transaction the
     * service opens for it: updates only where a field differs, new products in file order (an id or source id
     * taken meanwhile is skipped). Answers what it did and how many rows it covered.
     */
    async writeBatch(
      id: string,
      changeId: string,
      after: number,
      last: number,
    ): Promise<{ created: number; updated: number; skipped: number; rows: number }> {
      // On a unit of work's transaction (the service opens one per batch, under the change limit).
      const tx = database.db;
      const range = sql`r.import_id = ${id}::uuid and r.row_number > ${after} and r.row_number <= ${last}`;
      // Each batch is a transaction of its own: it names the import as the cause of the prices it writes.
      await setImportPriceCause(tx, id);
      await prepareBatch(tx, id, sql`r.row_number > ${after} and r.row_number <= ${last} and r.action in ('new', 'update')`);
      const [updated] = await rowsOf<{ n: number; total: number }>(
        tx,
        sql`
          with batch as (
            select r.product_id, r.values as v from import_rows r where ${range} and r.action = 'update'
          ), changed as (
            update products p set ${sql.raw(writtenAssignmentsFromJson('b.v', { category: keptCategory('o', 'b.v'), translations: mergedTranslations('o', 'b.v') }))},
              picture_source = coalesce(b.v->>'pendingImage', o.picture_source), updated_at = now()
            from batch b join products o on o.id = b.product_id
            where p.id = b.product_id and not (${same('o', 'b.v')})
            returning p.id, p.updated_at, ${sql.raw(writtenSnapshot('o'))} as before
          ), logged as (
            insert into catalogue_change_rows (change_id, product_id, op, before, after)
            select ${changeId}::uuid, id, 'update', before, updated_at from changed
          )
          select (select count(*) from changed)::int as n, (select count(*) from batch)::int as total`,
      );
      const [created] = await rowsOf<{ n: number; total: number }>(
        tx,
        sql`
          with batch as (
            select r.row_number, r.product_id, r.values as v from import_rows r where ${range} and r.action = 'new'
          ), made as (
            insert into products (id, source_id, picture_source, ${sql.raw(WRITTEN_COLUMNS)})
            select coalesce(product_id, (v->>'id')::uuid, gen_random_uuid()), v->>'sourceId', v->>'pendingImage', ${sql.raw(writtenValuesFromJson('v'))}
            from batch order by row_number
            on conflict do nothing
            returning id, updated_at
          ), logged as (
            insert into catalogue_change_rows (change_id, product_id, op, before, after)
            select ${changeId}::uuid, id, 'create', null, updated_at from made
          )
          select (select count(*) from made)::int as n, (select count(*) from batch)::int as total`,
      );
      const rows = (updated?.total ?? 0) + (created?.total ?? 0);
      // Rows without a buy link the operator chose to hide (issue 40): out of the finder until a link is added (a
      // trigger puts them back then, migration 0036).
      await tx.execute(sql`
        update products p set link_state = 'hidden' from import_rows r
        where ${range} and r.action in ('new', 'update') and r.values ? 'hideUntilLink' and p.id = r.product_id
          and p.link is null and p.link_state = 'ok'`);
      await tx.execute(sql`update imports set processed = processed + ${rows}, heartbeat_at = now() where id = ${id}::uuid`);
      // An update whose product is gone, or a new row whose id was taken meanwhile, is skipped; an update whose
      // product already has these values changed nothing and is not counted as skipped.
      const [gone] = await rowsOf<{ n: number }>(
        tx,
        sql`
          select count(*)::int as n from import_rows r where ${range} and r.action = 'update'
          and not exists (select 1 from products p where p.id = r.product_id)`,
      );
      return {
        created: created?.n ?? 0,
        updated: updated?.n ?? 0,
        skipped: (gone?.n ?? 0) + (created?.total ?? 0) - (created?.n ?? 0),
        rows,
      };
    },

    /** A running import's process is alive: written every few seconds while its job runs (see STALE in the service). */
    async touch(id: string): Promise<void> {
      await database.rows(
        sql`update imports set heartbeat_at = now(), runner = ${database.instance} where id = ${id}::uuid and status = 'running'`,
      );
    },

    /** Of these server processes (imports' runners), those known to be gone: no connection of theirs is left. */
    async runnersGone(instances: string[]): Promise<Set<string>> {
      const gone = new Set<string>();
      for (const instance of new Set(instances)) if (!(await database.processAlive(instance))) gone.add(instance);
      return gone;
    },

    /** The imports that are running (rows or pictures), for the orphan check. */
    async running(): Promise<ImportRow[]> {
      return (await database.rows(sql`select ${COLUMNS} from imports where status = 'running'`)).map(toRow);
    },

    /**
     * The pictures to fetch once the rows are written: each address with the first row naming it and the products
     * this import wrote with it (created by its change, or updated rows whose product is there).
     */
    async pictureItems(id: string, changeId: string): Promise<Array<{ url: string; row: number; products: string[] }>> {
      return database.rows<{ url: string; row: number; products: string[] }>(sql`
        select r.values->>'pendingImage' as url, min(r.row_number)::int as row, array_agg(r.product_id::text) as products
        from import_rows r
        where r.import_id = ${id}::uuid and r.values ? 'pendingImage' and (
          (r.action = 'update' and exists (select 1 from products p where p.id = r.product_id)) or
          (r.action = 'new' and exists (select 1 from catalogue_change_rows c
                                        where c.change_id = ${changeId}::uuid and c.product_id = r.product_id and c.op = 'create')))
        group by r.values->>'pendingImage' order by min(r.row_number)`);
    },

    /**
     * The rows are written and their pictures are to be fetched: the staged rows go, the import runs on (two
     * statements: the service runs them in one transaction).
     */
    async finishRows(id: string, result: ImportResult): Promise<void> {
      await db.execute(sql`update imports set result = ${JSON.stringify(result)}::jsonb, heartbeat_at = now() where id = ${id}::uuid`);
      await db.execute(sql`delete from import_rows where import_id = ${id}::uuid`);
    },

    /**
     * Each product keeps the address its picture is fetched from (issue 40), fetched or not: "Fetch pictures again"
     * tries it later (before the rows' staging goes, in the same transaction as finishRows). The batches write it
     * with the rows they create or change (writeBatch); this writes only the others (an unchanged row's product):
     * writing every product of the import again here held PGlite's one connection for a second per 2,000 rows
     * (issue 39's soak: /api/health's slowest answers).
     */
    async notePictureSources(items: ReadonlyArray<{ url: string; products: string[] }>): Promise<void> {
      if (items.length === 0) return;
      await db.execute(sql`
        update products p set picture_source = x.url
        from (select e->>'url' as url, (jsonb_array_elements_text(e->'products'))::uuid as id
              from jsonb_array_elements(${JSON.stringify(items.map((i) => ({ url: i.url, products: i.products })))}::jsonb) e) x
        where p.id = x.id and p.picture_source is distinct from x.url`);
    },

    /** A picture stored: the products still without one get it (only while the import runs: not after Undo). */
    async setPicture(id: string, products: string[], url: string): Promise<void> {
      await database.rows(sql`
        update products set image = ${url}
        where id in (select (jsonb_array_elements_text(${JSON.stringify(products)}::jsonb))::uuid) and image is null
          and exists (select 1 from imports where id = ${id}::uuid and status = 'running')`);
    },

    /** A host this import no longer asks. */
    async addDeadHost(id: string, host: string): Promise<void> {
      await database.rows(sql`
        update imports set result = jsonb_set(result, '{deadHosts}', coalesce(result->'deadHosts', '[]'::jsonb) || to_jsonb(${host}::text))
        where id = ${id}::uuid and not coalesce(result->'deadHosts', '[]'::jsonb) ? ${host}`);
    },

    /**
     * Adds one picture job's outcome to the import's counts (failures kept up to `maxFailures`); answers whether
     * every picture is now fetched or failed, and the import's status.
     */
    async addPictureResults(
      id: string,
      fetched: number,
      failures: ImportRowError[],
      maxFailures: number,
    ): Promise<{ done: boolean; status: ImportStatus } | null> {
      const [row] = await database.rows<{ done: boolean; status: ImportStatus }>(sql`
        update imports set result = result
          || jsonb_build_object('imagesFetched', coalesce((result->>'imagesFetched')::int, 0) + ${fetched})
          || jsonb_build_object('pictures', jsonb_build_object(
               'total', coalesce((result->'pictures'->>'total')::int, 0),
               'fetched', coalesce((result->'pictures'->>'fetched')::int, 0) + ${fetched},
               'failed', coalesce((result->'pictures'->>'failed')::int, 0) + ${failures.length}))
          || jsonb_build_object('imageFailures', (
               select coalesce(jsonb_agg(e), '[]'::jsonb) from (
                 select e from jsonb_array_elements(coalesce(result->'imageFailures', '[]'::jsonb) || ${JSON.stringify(failures)}::jsonb) e
                 limit ${maxFailures}) f)),
          heartbeat_at = now()
        where id = ${id}::uuid
        returning status, coalesce((result->'pictures'->>'fetched')::int, 0) + coalesce((result->'pictures'->>'failed')::int, 0)
                  >= coalesce((result->'pictures'->>'total')::int, 0) as done`);
      return row ?? null;
    },

    /**
     * Ends a running import with this status and result changes laid over its stored result, once (a second
     * caller finds it ended and gets null); the service records its audit entry in the same transaction.
     */
    async end(id: string, status: ImportStatus, changes: Partial<ImportResult>): Promise<Partial<ImportResult> | null> {
      const [row] = await rowsOf<{ result: unknown }>(
        db,
        sql`
        update imports set status = ${status}, result = result || ${JSON.stringify(changes)}::jsonb, finished_at = now(), heartbeat_at = now()
        where id = ${id}::uuid and status = 'running' returning result`,
      );
      if (!row) return null;
      await db.execute(sql`delete from import_rows where import_id = ${id}::uuid`);
      return json<Partial<ImportResult>>(row.result);
    },

    async markUndone(id: string, result: Partial<ImportResult>): Promise<void> {
      await db.execute(sql`update imports set status = 'undone', result = ${JSON.stringify(result)}::jsonb where id = ${id}::uuid`);
    },
  };
}
export type ImportsRepo = ReturnType<typeof createImportsRepo>;
