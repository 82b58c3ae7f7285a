/**
 * An import's use cases (issue 15; split by job in issue 44): preview, get and list, the problems' CSV, commit,
 * cancel and undo. The background run is import-runner.ts, the answers import-answers.ts, the preview's staging
 * rules import-staging.ts (a pure function with its tests).
 */
import { IMPORT_MAX_BYTES, IMPORT_MAX_STORED_ERRORS, IMPORT_PREVIEW_ERRORS, type ImportField } from '../../../common/import-columns';
import { DEFAULT_BASE_CURRENCY, type CurrencyCode, type Rates } from '../../../common/currency';
import { columnsOf, DEFAULT_SHORT_LINK_HOSTS, guessColumns, isShortLink, type ImportColumns } from '../../../common/import-mapping';
import { parseItemLink } from '../../../common/agent-links';
import {
  IMPORT_HISTORY_PAGE_SIZE,
  type Import,
  type ImportFormFields,
  type ImportList,
  type ImportMapping,
  type ImportPolicy,
  type ImportRowError,
} from '../../../common/schemas/imports';
import { AppError } from '../../errors';
import type { Actor } from '../audit/audit.repo';
import {
  MATCH_PART_ROWS,
  groupPartCount,
  MATCHING_PARTS,
  MATCHING_STEPS,
  type ImportChoices,
  type ImportRow,
  type ImportsRepo,
  type RowPart,
} from './imports.repo';
import { currenciesFrom, NOT_FOUND, plural, problemsCsv, toImport as answerOf, UNDOABLE } from './import-answers';
import { createImportRunner, type ImportRunnerDeps } from './import-runner';
import { newStagingTallies, RowProblems, stageBatch } from './import-staging';
import { oddPriceReason, priceBounds } from './import-quality';
import { brandMatcher, DEFAULT_BRAND_ALIASES, type BrandAlias } from '../../../common/import-derive';
import { categoryKey, proposeCategory, titleOfCategory } from '../../../common/import-categories';
import { readChecked, type JoinFile, type CheckPlan, type CheckedRow, type ImportRecord, type ReadHead } from './read-import';
import { refuseNulHeaders } from './readers/table';
import { fetchLimited, type FetchLimits } from './safe-fetch';
import { followShortLink, followShortLinks, type ShortLinkAnswer } from './short-links';

const FETCH_TIMEOUT_MS = 20_000;

export type ImportSource =
  | { kind: 'file'; name: string; body: Buffer; contentType: string; join?: JoinSource | undefined }
  | { kind: 'url'; url: string; join?: JoinSource | undefined };
/** A second file whose columns join the main file's rows by a key column (issue 40). */
export type JoinSource = { name: string; body: Buffer; contentType: string };

/** A preview's options: the form's (or the JSON body's, its address apart), and the site the admin's page came from. */
export type PreviewOptions = ImportFormFields & { origin: string };

/** The runner's dependencies (the service hands them on), with what the preview needs besides. */
export type ImportsDeps = ImportRunnerDeps & {
  /** The base currency and the site's rates (units per one base unit), which convert prices in other currencies. */
  currency?: { base: CurrencyCode; rates: () => Promise<Rates> } | undefined;
  /** IMPORT_SHORT_LINK_HOSTS: share links followed at preview to the item they stand for. */
  shortLinkHosts?: readonly string[] | undefined;
  /** Follows one short link (tests may pass their own); `followShortLink` through the safe fetch by default. */
  followLink?: ((address: string) => Promise<string>) | undefined;
  /** The kept brand list that names a title's brand (issue 40); the default list without it. */
  brandAliases?: (() => Promise<BrandAlias[]>) | undefined;
};

/** Rows the content guess reads (it looks at the first GUESS_SAMPLE_VALUES non-blank values of each column). */
const GUESS_SAMPLE_ROWS = 500;

export function createImportsService(deps: ImportsDeps) {
  const { repo, unitOfWork } = deps;
  const base = deps.currency?.base ?? DEFAULT_BASE_CURRENCY;
  const shortHosts = deps.shortLinkHosts ?? DEFAULT_SHORT_LINK_HOSTS;
  const follow = deps.followLink ?? ((address: string) => followShortLink(address, shortHosts, deps.allowPrivateHosts));
  const toImport = (row: ImportRow, errorsShown?: number) => answerOf(row, base, errorsShown);
  const runner = createImportRunner(deps);
  const partRows = deps.matchPartRows ?? MATCH_PART_ROWS;
  const limits = (maxBytes: number): FetchLimits => ({ maxBytes, timeoutMs: FETCH_TIMEOUT_MS, allowPrivate: deps.allowPrivateHosts });

  /**
   * Once every row of a preview is staged: the catalogue's state it is matched at, addresses an earlier import
   * fetched become that stored image, then the rows are matched to products and counted (see the repo's
   * matchStaged). Each step is a unit of work's transaction of its own under the change limit, the long ones one per
   * part of the rows (MATCHING_PARTS), so PGlite's one connection is free between them (health and requests get
   * their turn, issue 39): a statement meanwhile that writes what the matching reads moves
   * product_totals.match_changes past the value noted first, and the commit then matches again in one transaction.
   */
  async function finishPreview(id: string, groupParts: number) {
    const step = <T>(work: (imports: ImportsRepo) => Promise<T>) =>
      unitOfWork.transaction(({ imports }) => work(imports), unitOfWork.limit);
    await step((imports) => imports.noteMatchedAt(id));
    await step((imports) => imports.useKnownImages(id));
    let rowParts: RowPart[] | undefined;
    const partsOf = async (by: RowPart['by']): Promise<RowPart[]> =>
      by === 'group'
        ? Array.from({ length: groupParts }, (_, part): RowPart => ({ by: 'group', part }))
        : (rowParts ??= await step((imports) => imports.rowParts(id, partRows)));
    for (const matching of MATCHING_STEPS) {
      const by = MATCHING_PARTS[matching];
      if (by === null) await step((imports) => imports.matchStep(id, matching));
      else for (const part of await partsOf(by)) await step((imports) => imports.matchStep(id, matching, part));
    }
    const repeats = await step((imports) => imports.dropRepeats(id));
    for (const part of await partsOf('row')) await step((imports) => imports.setActions(id, part));
    const counts = await step((imports) => imports.countStaged(id));
    return { counts, repeats };
  }

  /** The file's bytes as the reader takes them: the upload, or what the address answered (its final address kept). */
  async function bytesOf(
    source: ImportSource,
  ): Promise<{ body: Buffer; name: string; contentType: string; label: string; sourceUrl?: string }> {
    if (source.kind === 'file')
      return { body: source.body, name: source.name, contentType: source.contentType, label: source.name || 'file' };
    const fetched = await fetchLimited(source.url, limits(IMPORT_MAX_BYTES));
    return {
      body: fetched.body,
      name: new URL(fetched.url).pathname,
      contentType: fetched.contentType,
      label: source.url,
      sourceUrl: fetched.url,
    };
  }

  /** The mapping: guessed from the headers, else from the columns' values (`sample`), with the operator's choices laid over it. */
  function mappingFor(headers: string[], sample: ImportRecord[], chosen: ImportMapping | undefined): ImportMapping {
    for (const header of Object.keys(chosen ?? {})) {
      if (!headers.includes(header))
        throw new AppError('VALIDATION', `mapping: the file has no column "${header}" (it has ${headers.join(', ')}).`);
    }
    const guessed = guessColumns(headers, sample.slice(0, GUESS_SAMPLE_ROWS), Object.keys(chosen ?? {}));
    return { ...guessed, ...chosen };
  }

  /** The rates a preview converts with: the site's, with those the operator gave laid over them. */
  async function ratesFor(given: Rates | undefined): Promise<{ rates: Rates; site: Rates }> {
    const site = deps.currency ? await deps.currency.rates() : {};
    return { rates: { ...site, ...(given ?? {}) }, site };
  }

  /** Valid rows whose link is a share link get the item's address it leads to; those that cannot be followed keep theirs. */
  async function followShortLinksOf(
    checked: CheckedRow[],
    columns: ImportColumns,
    answered: Map<string, ShortLinkAnswer>,
  ): Promise<ImportRowError[]> {
    const rows = checked.flatMap((c) =>
      c.checked.ok && c.checked.values.link && isShortLink(c.checked.values.link, shortHosts)
        ? [{ row: c.row, values: c.checked.values }]
        : [],
    );
    if (rows.length === 0) return [];
    const answers = await followShortLinks(
      rows.map((r) => r.values.link ?? ''),
      follow,
      answered,
    );
    const warnings: ImportRowError[] = [];
    for (const { row, values } of rows) {
      const answer = answers.get(values.link ?? '');
      if (answer && 'url' in answer) {
        values.link = answer.url;
        const itemSource = parseItemLink(answer.url);
        values.sourcePlatform = itemSource?.platform ?? null;
        values.sourceItemId = itemSource?.itemId ?? null;
      } else {
        warnings.push({
          row,
          column: columns.link?.[0] ?? 'link',
          message: `The short link could not be followed (${answer?.error ?? 'no answer'}); it is kept as given.`,
        });
      }
    }
    return warnings;
  }

  return {
    async preview(actor: Actor, source: ImportSource, options: PreviewOptions): Promise<Import> {
      await repo.dropStalePreviews();
      const joined = source.join;
      if (!joined && (options.joinKey !== undefined || options.joinFileKey !== undefined))
        throw new AppError('VALIDATION', 'joinKey and joinFileKey name the key columns of a second file: send it as joinFile.');
      const join: JoinFile | undefined = joined && { ...joined, key: options.joinKey, joinKey: options.joinFileKey };
      const file = await bytesOf(source);
      const { rates, site } = await ratesFor(options.rates);
      const derive = options.derive !== false;
      const tallies = newStagingTallies(await unitOfWork.transaction(({ categories }) => categories.names()), derive);
      const brands = derive ? brandMatcher(deps.brandAliases ? await deps.brandAliases() : DEFAULT_BRAND_ALIASES) : [];
      // Decision 0049 (addendum): the reader's process checks the rows; they come back in batches, each staged before the next.
      let id = '';
      let rowCount = 0;
      let columns: ImportColumns = {};
      let missing: ImportField[] = [];
      let groupParts = 1;
      const errors = new RowProblems(IMPORT_MAX_STORED_ERRORS);
      const warnings = new RowProblems(IMPORT_MAX_STORED_ERRORS);
      const answered = new Map<string, ShortLinkAnswer>();
      const plan = async ({ table, rows, sample }: ReadHead): Promise<CheckPlan> => {
        if (rows === 0) throw new AppError('VALIDATION', 'The file has a header but no products.');
        rowCount = rows;
        groupParts = groupPartCount(rows, partRows);
        refuseNulHeaders(table.format, table.headers);
        const mapping = mappingFor(table.headers, sample, options.mapping);
        columns = columnsOf(mapping);
        missing = (['title', 'price'] as const).filter((f) => columns[f] === undefined);
        const readInfo = {
          sheets: table.sheets,
          sheet: table.sheet,
          encoding: table.encoding,
          readWarnings: table.readWarnings,
          join: table.join ?? null,
        };
        id = await repo.startPreview({
          source: file.label.slice(0, 500),
          format: table.format,
          policy: options.policy ?? 'valid',
          actor,
          headers: table.headers,
          mapping,
          readInfo,
        });
        return missing.length > 0
          ? null
          : {
              mapping,
              context: {
                base,
                rates,
                sourceUrl: file.sourceUrl,
                pictureBase: options.pictureBase,
                derive: derive ? { brands } : undefined,
              },
            };
      };
      const take = async (batch: CheckedRow[]) => {
        // Share links are followed first (I/O), then the staging rules decide (import-staging.ts).
        warnings.add(await followShortLinksOf(batch, columns, answered));
        const { staged, errors: refused, warnings: noted } = stageBatch(batch, tallies, { columns, origin: options.origin });
        warnings.add(noted);
        errors.add(refused);
        await repo.stageRows(id, staged, groupParts);
        errors.trim();
        warnings.trim();
      };
      try {
        await readChecked(file.body, file.name, file.contentType, { sheet: options.sheet, encoding: options.encoding, join }, plan, take);
        tallies.seen.clear();
        if (missing.length > 0) {
          const message = `No column is mapped to ${missing.join(' or ')}: choose one in the mapping.`;
          await repo.savePreviewResult(
            id,
            { new: 0, updated: 0, unchanged: 0, invalid: rowCount },
            [{ row: 0, column: '', message }],
            1,
            [],
          );
        } else {
          // Odd prices against the file's own range (issue 40): flagged, the operator chooses at the commit.
          const bounds = priceBounds(tallies.priced.map((p) => p.price));
          const odd = tallies.priced.flatMap(({ row, price, amount }) => {
            const reason = oddPriceReason(price, amount, bounds, base);
            return reason === null ? [] : [{ row, reason }];
          });
          tallies.priced.length = 0;
          if (odd.length > 0) await repo.flagOddPrices(id, odd);
          // Matched once every row is staged (an external address fetched by an earlier import is that stored image now).
          const matched = await finishPreview(id, groupParts);
          const flagged = await repo.flaggedRows(id, IMPORT_PREVIEW_ERRORS);
          // Each new category with the existing one it most likely means (issue 40): remembered from this source's
          // last import, else by spelling, plural or the niche's words; and its name if kept new (a slug as a title).
          const remembered = await repo.categoryChoices(file.label.slice(0, 500));
          const existing = [...tallies.listed.values()];
          const categories = [...tallies.newCategories.values()].map((name) => {
            const before = remembered.get(categoryKey(name));
            const known = before === undefined ? undefined : tallies.listed.get(before.toLowerCase());
            const proposal = known ? { target: known, reason: 'remembered' as const } : proposeCategory(name, existing);
            return {
              name,
              rows: tallies.newCategoryRows.get(name.toLowerCase()) ?? 0,
              proposed: proposal?.target ?? null,
              reason: proposal?.reason ?? null,
              newName: before !== undefined && !known ? before : titleOfCategory(name),
            };
          });
          // Rows that differ from their product only by a category mapped as remembered will write nothing at the commit.
          const mapped = categories.flatMap((c) => (c.reason === 'remembered' && c.proposed ? [{ from: c.name, to: c.proposed }] : []));
          if (mapped.length > 0) {
            await unitOfWork.transaction(({ imports }) => imports.settleRememberedCategories(id, mapped), unitOfWork.limit);
            matched.counts = await unitOfWork.transaction(({ imports }) => imports.countStaged(id), unitOfWork.limit);
          }
          for (const { row, first } of matched.repeats) {
            tallies.invalid += 1;
            errors.add([{ row, column: '', message: `Row ${first} already matches the same product; each product may appear once.` }]);
          }
          await repo.savePreviewResult(
            id,
            { ...matched.counts, invalid: tallies.invalid },
            errors.kept(),
            errors.count,
            [...tallies.newCategories.values()],
            {
              warnings: warnings.kept(),
              warningCount: warnings.count,
              currencies: currenciesFrom(tallies.currencyRows, rates, site, options.rates ?? {}),
              samePictures: await repo.samePictures(id, IMPORT_PREVIEW_ERRORS),
              oddPrices: { ...flagged.oddPrices, low: bounds?.low ?? null, high: bounds?.high ?? null },
              noLink: flagged.noLink,
              derived: tallies.derived,
              categories,
              relativePictures: {
                count: tallies.pictures.relative,
                example: tallies.pictures.example,
                propose: tallies.pictures.relative > 0 && tallies.pictures.relative * 2 > tallies.pictures.withPicture,
                base: options.pictureBase ?? null,
              },
            },
          );
        }
      } catch (err) {
        if (id) await repo.dropPreview(id).catch(() => undefined);
        throw err;
      }
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toImport(row);
    },

    async get(id: string): Promise<Import> {
      await runner.recover();
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toImport(row);
    },

    /** The import history, newest first, a page at a time. */
    async list(page = 1, pageSize = IMPORT_HISTORY_PAGE_SIZE): Promise<ImportList> {
      await runner.recover();
      const found = await repo.page(page, pageSize);
      return { items: found.rows.map((row) => toImport(row, 0)), page, pageSize, total: found.total };
    },

    /**
     * Every problem as CSV (row, column, kind, message): the errors (rows not imported), then the warnings (rows
     * imported with a change or a loss) and the pictures the run could not fetch, by row.
     */
    async errorsCsv(id: string): Promise<string> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return problemsCsv(row);
    },

    /**
     * Starts writing a previewed import in the background (202): the request returns at once, the page may close,
     * GET shows the progress. With policy 'all', an import with any invalid row writes nothing (409).
     */
    async commit(
      actor: Actor,
      id: string,
      policy: ImportPolicy | undefined,
      choices: { [K in keyof ImportChoices]?: ImportChoices[K] | undefined } & { categories?: Record<string, string> | undefined } = {},
    ): Promise<Import> {
      const current = await repo.find(id);
      if (!current) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (current.status !== 'previewed') throw new AppError('CONFLICT', `This import is ${current.status} already.`);
      const categories = choices.categories ?? {};
      for (const name of Object.keys(categories)) {
        if (!current.newCategories.includes(name))
          throw new AppError('VALIDATION', `categories: "${name.slice(0, 60)}" is not one of this import's new categories.`);
      }
      const chosen = policy ?? current.policy;
      const invalid = current.counts.invalid ?? 0;
      if (chosen === 'all' && invalid > 0) {
        throw new AppError(
          'CONFLICT',
          `${plural(invalid, 'row is', 'rows are')} invalid and the policy is to import nothing then. Fix the file, or import the valid rows.`,
        );
      }
      if ((current.counts.new ?? 0) + (current.counts.updated ?? 0) === 0)
        throw new AppError('CONFLICT', 'Nothing to import: every valid row is unchanged.');
      const summary = `Import of ${current.source}`.slice(0, 300);
      // One transaction under the change limit: one claim at a time (an advisory lock), the rows matched again and
      // the change opened in it.
      const claimed = await unitOfWork.transaction(
        ({ imports }) =>
          imports.claim(
            id,
            chosen,
            actor,
            summary,
            { oddPrices: choices.oddPrices ?? 'import', noLink: choices.noLink ?? 'import' },
            categories,
          ),
        unitOfWork.limit,
      );
      if (!claimed) throw new AppError('CONFLICT', 'This import has started already.');
      if (claimed === 'busy')
        throw new AppError(
          'CONFLICT',
          'Another import is being written: commit this one when it has finished (its rows are matched again then).',
        );
      await runner.enqueueRows(id);
      return toImport(claimed);
    },

    /**
     * Stops an import: a preview is dropped; a running import stops between batches when its process runs it, and
     * at once when none does (a crash) or its job is still waiting; in its pictures phase, the pictures not fetched
     * yet are left out at once.
     */
    async cancel(id: string): Promise<Import> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (row.status !== 'previewed' && row.status !== 'running') throw new AppError('CONFLICT', `This import is ${row.status} already.`);
      if (row.status === 'previewed') await repo.requestCancel(id);
      else await runner.cancel(row);
      return toImport((await repo.find(id)) ?? row);
    },

    /** Takes an import back: products it created are removed, products it updated get their previous values. */
    async undo(actor: Actor, id: string): Promise<Import> {
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (row.status === 'undone') throw new AppError('CONFLICT', 'This import has been undone already.');
      const picturesPhase = row.status === 'running' && row.result.rowsDone === true;
      if (!row.changeId || !(UNDOABLE.has(row.status) || picturesPhase)) {
        throw new AppError(
          'CONFLICT',
          row.status === 'running' ? 'This import is still running: cancel it first.' : 'This import changed nothing.',
        );
      }
      // Its pictures still to fetch are dropped first; a job under way stops at its next check (and sets no picture).
      if (picturesPhase) await runner.dropPictures(id);
      const changeId = row.changeId;
      const done = await unitOfWork.transaction(async ({ changes, imports, audit, categories }) => {
        const undone = await changes.undo(changeId, ['import'], actor);
        if (undone === null || undone === 'undone') return undone;
        const { change, result: undo } = undone;
        // The categories it added go with it when empty again (issue 26).
        const categoriesRemoved = await categories.removeEmptySince(row.newCategories, row.startedAt);
        await imports.markUndone(id, { ...row.result, undo, categoriesRemoved });
        const details = { changeId: change.id, kind: change.kind, importId: id, ...undo, categoriesRemoved };
        await audit.record({ action: 'change-undo', subject: change.summary, actor, details });
        return undone;
      }, unitOfWork.limit);
      if (done === null) throw new AppError('NOT_FOUND', NOT_FOUND);
      if (done === 'undone') throw new AppError('CONFLICT', 'This import has been undone already.');
      return toImport((await repo.find(id)) ?? row);
    },

    /** Waits for the imports this process runs to stop (they stop between batches) when the server closes. */
    close: runner.close,

    /** At start: ends the imports left running by a process that is gone (on PGlite every one: one process). */
    recover: runner.recover,

    /** The background run, whose two jobs the job queue works (import-rows.job.ts, import-pictures.job.ts). */
    runner,

    /** For tests: resolves once the import is no longer running (its rows and pictures done, or it stopped). */
    async job(id: string): Promise<void> {
      for (let i = 0; i < 2400; i++) {
        const row = await repo.find(id);
        if (!row || row.status !== 'running') return;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      throw new Error(`import ${id} did not finish`);
    },
  };
}
export type ImportsService = ReturnType<typeof createImportsService>;
