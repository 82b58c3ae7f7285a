// A catalogue change that deleted guides (the demo's removal takes its starter guides with it, issue 43): its Undo
// puts them back, in the Undo's own transaction, each with an 'undo' revision and an audit entry.
import type { Actor, AuditRepo } from '../audit/audit.repo';
import { snapshotOf, valuesOf, type GuidesRepo } from './guides.repo';
import { renderGuideMarkdown } from './markdown';

/**
 * Puts back the guides the change `changeId` deleted, with their ids (their revisions and addresses stay theirs).
 * A guide that is back already, or whose address another guide has taken since, is left as it is. `origins`: the
 * site's, so a pasted product address in the text counts as that product's card. Answers how many came back.
 */
export async function putBackGuidesDeletedIn(
  tx: { guides: GuidesRepo; audit: AuditRepo },
  changeId: string,
  actor: Actor,
  origins: readonly string[],
): Promise<number> {
  let restored = 0;
  for (const deleted of await tx.guides.deletedIn(changeId)) {
    const id = deleted.guideId;
    const values = valuesOf(deleted.snapshot);
    if (await tx.guides.lock(id)) continue;
    if (await tx.guides.slugTaken(values.lang, values.slug, id)) continue;
    if (values.coverImageId && !(await tx.guides.imageExists(values.coverImageId))) values.coverImageId = null;
    const row = await tx.guides.insert({ id, ...values });
    await tx.guides.setProducts(id, renderGuideMarkdown(row.body, { origins }).products);
    const revisionId = await tx.guides.addRevision(id, 'undo', snapshotOf(row), actor.email, changeId);
    await tx.audit.record({
      action: 'guide-undo',
      subject: row.title,
      actor,
      details: { guideId: id, undoneRevisionId: deleted.id, revisionId, changeId },
    });
    restored += 1;
  }
  return restored;
}
