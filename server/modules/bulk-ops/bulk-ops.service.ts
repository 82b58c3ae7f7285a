import {
  BULK_OPERATION_NAMES,
  BULK_SAMPLE_LIMIT,
  CATEGORY_RULES,
  GENDER_OPERATION,
  WOMEN_OPERATION,
  type BulkOperation,
} from '../../../common/bulk-op-rules';
import type { BulkPreview, BulkResult, CategoryStats } from '../../../common/schemas/bulk-op';
import type { UndoResult } from '../../../common/schemas/changes';
import { AppError } from '../../errors';
import type { Transact } from '../../db/unit-of-work';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { ChangesRepo } from '../changes/changes.repo';
import { undoAndRecord } from '../changes/undo-change';
import { BULK_STATEMENT_TIMEOUT_MS, type BulkOpsRepo, type OperationCounts } from './bulk-ops.repo';

/** The repos a bulk operation's transaction uses. */
export type BulkOpsChange = { audit: AuditRepo; bulkOps: BulkOpsRepo; changes: ChangesRepo };

/**
 * Longer than any operation can run (the statement timeout stops it sooner): a 'running' entry this old belongs
 * to a process that died mid-run, and must not block every later run.
 */
export const STALE_RUN_MS = BULK_STATEMENT_TIMEOUT_MS + 5 * 60 * 1000;

const list = (words: readonly string[]) =>
  words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1] ?? ''}`;
const plural = (n: number, one: string, many: string) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

function messageFor(operation: BulkOperation, counts: OperationCounts): string | null {
  const parts: string[] = [];
  const rule = CATEGORY_RULES.find((r) => r.operation === operation);
  if (rule) {
    if (counts.matchedProducts === 0) parts.push(`No product title has the words ${list(rule.keywords)}.`);
    else if (counts.updatedCount === 0) {
      parts.push(`${plural(counts.matchedProducts, 'matching product was', 'matching products were')} already in ${rule.category}.`);
    }
  } else if (operation === WOMEN_OPERATION.operation) {
    const skipped = counts.matchedProducts - counts.updatedCount;
    if (counts.matchedProducts === 0) parts.push("No women's products are missing a category.");
    else if (skipped > 0) {
      parts.push(
        `${plural(skipped, "women's product without a category was", "women's products without a category were")} skipped: ` +
          'no category could be derived from the title.',
      );
    }
  } else if (counts.matchedProducts === 0) {
    parts.push('Every product already has a gender.');
  }
  for (const added of counts.addedCategories) parts.push(`${added} was added to the category list.`);
  return parts.length ? parts.join(' ') : null;
}

/**
 * `repo` reads and claims outside a change; `transaction` runs a change (server/db/unit-of-work.ts) under `limit`,
 * the change limit Undo runs under.
 */
export function createBulkOpsService(repo: BulkOpsRepo, transaction: Transact<BulkOpsChange>, limit: { timeoutMs: number }) {
  return {
    /** How many products an operation would change, with samples; nothing is written (issue 15). */
    async preview(operation: BulkOperation): Promise<BulkPreview> {
      const counts = await repo.preview(operation, BULK_SAMPLE_LIMIT);
      return {
        operation: BULK_OPERATION_NAMES[operation],
        totalProcessed: counts.totalProcessed,
        matchedProducts: counts.matchedProducts,
        updatedCount: counts.updatedCount,
        message: messageFor(operation, counts),
        updates: counts.updates,
      };
    },

    /** Puts back what a run changed; products changed since are left as they are. Recorded in the audit log. */
    async undo(actor: Actor, changeId: string): Promise<UndoResult> {
      const done = await transaction((repos) => undoAndRecord(repos, changeId, ['bulk-op'], actor), limit);
      if (done === null) throw new AppError('NOT_FOUND', 'There is no such database operation to undo.');
      if (done === 'undone') throw new AppError('CONFLICT', 'This operation has been undone already.');
      return done.result;
    },

    /**
     * Runs one operation as set-based statements in one transaction. Refused (409) while any operation is running,
     * in this process or another. Recorded in the audit log: running, then succeeded with its counts, or failed.
     */
    async run(operation: BulkOperation, actor: Actor): Promise<BulkResult> {
      const name = BULK_OPERATION_NAMES[operation];
      const claim = await repo.claim(operation, actor, STALE_RUN_MS);
      if (!claim.claimed) {
        const { subject, actorEmail, startedAt } = claim.running;
        const runningName = BULK_OPERATION_NAMES[subject as BulkOperation] ?? subject;
        const who = actorEmail ? ` by ${actorEmail}` : '';
        throw new AppError(
          'CONFLICT',
          `${subject === operation ? `${name} is already running` : `${runningName} is running`} (started${who} at ` +
            `${startedAt.toISOString().slice(11, 19)} UTC). Wait for it to finish, then try again.`,
        );
      }
      const details = (counts: OperationCounts) => ({
        operation: name,
        totalProcessed: counts.totalProcessed,
        matchedProducts: counts.matchedProducts,
        updatedCount: counts.updatedCount,
        message: messageFor(operation, counts),
      });
      const rule = CATEGORY_RULES.find((r) => r.operation === operation);
      let counts: OperationCounts;
      try {
        // One transaction: the change Undo reads, the operation's statements, and its audit entry closed.
        counts = await transaction(
          async ({ bulkOps, changes, audit }) => {
            await bulkOps.prepareLongChange();
            const changeId = await changes.open('bulk-op', name, actor);
            const worked = rule
              ? await bulkOps.recategorise(rule, changeId, BULK_SAMPLE_LIMIT)
              : operation === WOMEN_OPERATION.operation
                ? await bulkOps.recategoriseWomen(changeId, BULK_SAMPLE_LIMIT)
                : await bulkOps.addGender(GENDER_OPERATION.gender, changeId, BULK_SAMPLE_LIMIT);
            const done = { ...worked, changeId: worked.updatedCount > 0 ? changeId : null };
            if (done.changeId === null) await changes.drop(changeId);
            await audit.closeRunning(claim.id, 'succeeded', { ...details(done), changeId: done.changeId });
            return done;
          },
          { timeoutMs: BULK_STATEMENT_TIMEOUT_MS },
        ).finally(() => repo.mergePendingSearchEntries());
      } catch (err) {
        // The database's own words (drizzle wraps them with the whole query).
        const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
        const reason = (cause instanceof Error ? cause.message : String(cause)).slice(0, 500);
        await repo.fail(claim.id, reason).catch(() => undefined);
        throw err;
      }
      return {
        operation: name,
        totalProcessed: counts.totalProcessed,
        matchedProducts: counts.matchedProducts,
        updatedCount: counts.updatedCount,
        message: messageFor(operation, counts),
        updates: counts.updates,
        changeId: counts.changeId,
      };
    },
    categoryStats(): Promise<CategoryStats> {
      return repo.categoryStats();
    },
  };
}
export type BulkOpsService = ReturnType<typeof createBulkOpsService>;
