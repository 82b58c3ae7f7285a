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
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { ChangesRepo } from '../changes/changes.repo';
import { BULK_STATEMENT_TIMEOUT_MS, type BulkOpsRepo, type OperationCounts } from './bulk-ops.repo';

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

export function createBulkOpsService(repo: BulkOpsRepo, changes?: Pick<ChangesRepo, 'undo'>, audit?: Pick<AuditRepo, 'record'>) {
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
      if (!changes || !audit) throw new AppError('UNAVAILABLE', 'Undo is not available.');
      const done = await changes.undo(changeId, ['bulk-op'], actor, (executor, change, result) =>
        audit.record({ action: 'change-undo', subject: change.summary, actor, details: { changeId: change.id, kind: change.kind, ...result } }, executor),
      );
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
      let counts: OperationCounts;
      try {
        const rule = CATEGORY_RULES.find((r) => r.operation === operation);
        const owner = { actor, summary: name };
        counts = rule
          ? await repo.recategorise(rule, claim.id, details, BULK_SAMPLE_LIMIT, owner)
          : operation === WOMEN_OPERATION.operation
            ? await repo.recategoriseWomen(claim.id, details, BULK_SAMPLE_LIMIT, owner)
            : await repo.addGender(GENDER_OPERATION.gender, claim.id, details, BULK_SAMPLE_LIMIT, owner);
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
