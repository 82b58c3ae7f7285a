import type { ChangeKind } from '../../../common/schemas/changes';
import type { Actor, AuditRepo } from '../audit/audit.repo';
import type { ChangesRepo, UndoDone } from './changes.repo';

/**
 * Takes a change back and records it in the audit log, in the transaction whose repos these are (a unit of work's,
 * under the change limit): the Undo of bulk operations and of bulk item actions. null when there is no such change
 * of these kinds; 'undone' when it was taken back already.
 */
export async function undoAndRecord(
  { changes, audit }: { changes: ChangesRepo; audit: AuditRepo },
  id: string,
  kinds: readonly ChangeKind[],
  actor: Actor,
): Promise<UndoDone | null | 'undone'> {
  const undone = await changes.undo(id, kinds, actor);
  if (undone === null || undone === 'undone') return undone;
  const { change, result } = undone;
  await audit.record({
    action: 'change-undo',
    subject: change.summary,
    actor,
    details: { changeId: change.id, kind: change.kind, ...result },
  });
  return undone;
}
