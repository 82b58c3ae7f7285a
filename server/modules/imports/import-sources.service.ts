import type { FastifyBaseLogger } from 'fastify';
import {
  MAX_SYNCED_SHEETS,
  type SyncedSheet,
  type SyncedSheetInput,
  type SyncedSheetLimitsInput,
  type SyncRunStatus,
  syncedSheetInputSchema,
  syncedSheetLimitsSchema,
} from '../../../common/schemas/import-sources';
import type { Import } from '../../../common/schemas/imports';
import { AppError } from '../../errors';
import type { Transact } from '../../db/unit-of-work';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { ImportSourceRow, ImportSourcesRepo, PriceDrops } from './import-sources.repo';
import type { ImportsService } from './imports.service';
import { refusePrivateAddress } from './safe-fetch';

export type ImportSourcesDeps = {
  repo: ImportSourcesRepo;
  imports: Pick<ImportsService, 'preview' | 'commit' | 'get'>;
  /** Saving and removing a sheet, each with its audit entry: a unit of work's transaction (server/db/unit-of-work.ts). */
  transaction: Transact<{ importSources: ImportSourcesRepo; audit: AuditRepo }>;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  /** The site's own address (PUBLIC_URL): a sheet's links to our own pictures by their full address stay ours. */
  origin: string;
  /** IMPORT_ALLOW_PRIVATE_HOSTS: tests and closed networks save sheets on local servers. */
  allowPrivateHosts?: boolean | undefined;
};

const NOT_FOUND = 'This synced sheet does not exist (it may have been removed).';
const n = (value: number) => value.toLocaleString('en-US');

function toSheet(row: ImportSourceRow): SyncedSheet {
  return {
    id: row.id,
    url: row.url,
    schedule: row.schedule,
    maxChangedPercent: row.maxChangedPercent,
    maxInvalidRows: row.maxInvalidRows,
    maxPriceDropPercent: row.maxPriceDropPercent,
    mapping: row.mapping,
    actorEmail: row.actorEmail,
    nextRunAt: row.nextRunAt.toISOString(),
    lastRunAt: row.lastRunAt?.toISOString() ?? null,
    lastStatus: row.lastStatus,
    lastMessage: row.lastMessage,
    lastImportId: row.lastImportId,
    createdAt: row.createdAt.toISOString(),
  };
}

const money = (value: number) => value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const share = (percent: number) => (percent >= 10 ? String(Math.round(percent)) : percent.toFixed(1));

/**
 * What a run's preview may do on its own: within the sheet's limits, judged against the sheet's own products (its
 * rows that match a product in the catalogue: updated and unchanged ones), its invalid rows, and no product's price
 * cut by more than the set share. Null when it may; else the sentence saying which limits it passed. Issue 39: the
 * share was of the whole catalogue, so a sheet could set all 20 of its products to $0.01 unreviewed. A sync never
 * deletes.
 */
export function overLimits(
  preview: Pick<Import, 'counts'>,
  limits: Pick<ImportSourceRow, 'maxChangedPercent' | 'maxInvalidRows' | 'maxPriceDropPercent'>,
  drops: PriceDrops = { count: 0, first: null },
): string | null {
  const changed = preview.counts.new + preview.counts.updated;
  const own = preview.counts.updated + preview.counts.unchanged;
  const reasons: string[] = [];
  if (own === 0) {
    if (changed > 0 && limits.maxChangedPercent < 100)
      reasons.push(
        `it would add ${n(changed)} products and none of the sheet's products is in the catalogue yet (the limit is ${limits.maxChangedPercent}% of them)`,
      );
  } else {
    const percent = (changed / own) * 100;
    if (percent > limits.maxChangedPercent)
      reasons.push(
        `it would add or change ${n(changed)} products against the sheet's ${n(own)} in the catalogue (${share(percent)}%; the limit is ${limits.maxChangedPercent}%)`,
      );
  }
  if (preview.counts.invalid > limits.maxInvalidRows) {
    reasons.push(`${n(preview.counts.invalid)} rows are invalid (the limit is ${n(limits.maxInvalidRows)})`);
  }
  if (drops.count > 0 && drops.first) {
    const { title, from, to } = drops.first;
    reasons.push(
      `${n(drops.count)} ${drops.count === 1 ? "product's price" : "products' prices"} would drop by more than ${limits.maxPriceDropPercent}% ` +
        `(${title}: ${money(from)} to ${money(to)})`,
    );
  }
  return reasons.length === 0 ? null : `Waiting for an admin: ${reasons.join(' and ')}.`;
}

/**
 * Synced sheets (issue 26): an address read again on a schedule. Each run is an import preview; it is written on
 * its own when within the sheet's limits, else it waits in the history for an admin to apply or cancel. Each
 * applied run is an import like any other, so it can be undone.
 */
export function createImportSourcesService(deps: ImportSourcesDeps) {
  const { repo, imports, transaction, log } = deps;

  async function run(source: ImportSourceRow): Promise<{ status: SyncRunStatus; message: string; importId: string | null }> {
    const actor: Actor = { id: source.actorId, email: source.actorEmail };
    let outcome: { status: SyncRunStatus; message: string; importId: string | null };
    try {
      const mapping = Object.keys(source.mapping).length > 0 ? source.mapping : undefined;
      const preview = await imports.preview(actor, { kind: 'url', url: source.url }, { policy: 'valid', mapping, origin: deps.origin });
      await repo.linkImport(preview.id, source.id);
      const changed = preview.counts.new + preview.counts.updated;
      if (changed === 0) {
        await repo.dropPreview(preview.id);
        const invalid = preview.counts.invalid;
        outcome = {
          status: 'unchanged',
          message: invalid > 0 ? `Nothing to change; ${n(invalid)} rows are invalid.` : 'Nothing to change.',
          importId: null,
        };
      } else {
        const drops = await repo.priceDrops(preview.id, source.maxPriceDropPercent);
        const waiting = overLimits(preview, source, drops);
        if (waiting) outcome = { status: 'waiting', message: waiting, importId: preview.id };
        else {
          await imports.commit(actor, preview.id, 'valid');
          outcome = {
            status: 'applied',
            message: `Applied: ${n(preview.counts.new)} new, ${n(preview.counts.updated)} updated.`,
            importId: preview.id,
          };
        }
      }
    } catch (err) {
      if (!(err instanceof AppError)) log.error({ err, sourceId: source.id }, 'sheet sync failed');
      const message = err instanceof AppError ? err.message : 'The sheet could not be read; it is tried again at its next run.';
      outcome = { status: 'failed', message, importId: null };
    }
    await repo.recordRun(source.id, outcome.status, outcome.message, outcome.importId);
    return outcome;
  }

  return {
    async list(): Promise<SyncedSheet[]> {
      return (await repo.list()).map(toSheet);
    },

    async create(actor: Actor, body: SyncedSheetInput): Promise<SyncedSheet> {
      const input = syncedSheetInputSchema.parse(body);
      // Refused when saved, as an import by address is (issue 39: a sheet on a loopback address was kept).
      await refusePrivateAddress(input.url, deps.allowPrivateHosts ?? false);
      if ((await repo.count()) >= MAX_SYNCED_SHEETS)
        throw new AppError('CONFLICT', `A site keeps at most ${MAX_SYNCED_SHEETS} synced sheets: remove one first.`);
      const row = await transaction(async ({ importSources, audit }) => {
        const created = await importSources.create({ ...input, mapping: input.mapping ?? {} }, actor);
        const details = {
          id: created.id,
          schedule: created.schedule,
          maxChangedPercent: created.maxChangedPercent,
          maxInvalidRows: created.maxInvalidRows,
          maxPriceDropPercent: created.maxPriceDropPercent,
        };
        await audit.record({ action: 'sync-source-create', subject: created.url.slice(0, 200), actor, details });
        return created;
      });
      return toSheet(row);
    },

    /** Changes a saved sheet's schedule and limits; recorded in the audit log with what it was and what it is. */
    async update(actor: Actor, id: string, body: SyncedSheetLimitsInput): Promise<SyncedSheet> {
      const change = syncedSheetLimitsSchema.parse(body);
      const updated = await transaction(async ({ importSources, audit }) => {
        const rows = await importSources.update(id, change);
        if (!rows) return null;
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const field of ['schedule', 'maxChangedPercent', 'maxInvalidRows', 'maxPriceDropPercent'] as const) {
          if (rows.before[field] !== rows.after[field]) changes[field] = { from: rows.before[field], to: rows.after[field] };
        }
        await audit.record({ action: 'sync-source-update', subject: rows.after.url.slice(0, 200), actor, details: { id, changes } });
        return rows.after;
      });
      if (!updated) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toSheet(updated);
    },

    async remove(actor: Actor, id: string): Promise<void> {
      const removed = await transaction(async ({ importSources, audit }) => {
        const row = await importSources.remove(id);
        if (row) await audit.record({ action: 'sync-source-delete', subject: row.url.slice(0, 200), actor, details: { id: row.id } });
        return row;
      });
      if (!removed) throw new AppError('NOT_FOUND', NOT_FOUND);
    },

    /** Reads a sheet now (the Run now button); its next scheduled run moves an interval on. */
    async runNow(id: string): Promise<SyncedSheet> {
      const claimed = await repo.claim(id);
      if (!claimed) throw new AppError('NOT_FOUND', NOT_FOUND);
      await run(claimed);
      const row = await repo.find(id);
      if (!row) throw new AppError('NOT_FOUND', NOT_FOUND);
      return toSheet(row);
    },

    /** Runs every sheet that is due, one after the other; answers how many ran. The periodic job calls it. */
    async runDue(max = MAX_SYNCED_SHEETS): Promise<number> {
      let ran = 0;
      for (let source = await repo.claimDue(); source; source = ran < max ? await repo.claimDue() : null) {
        await run(source);
        ran += 1;
      }
      return ran;
    },
  };
}
export type ImportSourcesService = ReturnType<typeof createImportSourcesService>;
