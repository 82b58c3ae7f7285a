import { parseItemLink } from '../../../common/agent-links';
import type { Transact } from '../../db/unit-of-work';
import type { AuditRepo } from '../audit/audit.repo';
import type { ProductSourcesRepo, ReadSource } from './product-sources.repo';

/** Links read per statement. */
const BATCH = 1000;
const FIRST_ID = '00000000-0000-0000-0000-000000000000';
/** The reading's last step through the unit of work (decision 0065): the lock and the mark in one transaction. */
export type ProductSourcesTransact = Transact<{ productSources: ProductSourcesRepo; audit: AuditRepo }>;
/** Who the audit entry names: the start-up task. */
export const SOURCES_ACTOR = { id: null, email: 'product sources (at start)' } as const;

/**
 * Reads the source (marketplace and item id) of every product saved before sources were kept (issue 16), once:
 * saves read it since. The run ends with an audit entry, the mark that it is done, so links that name no item are
 * not read again at every start; a run cut short starts over (products already read are skipped). In batches, so the
 * site answers meanwhile. Answers what it did, or null when it had run already.
 */
export async function backfillProductSources(
  repo: ProductSourcesRepo,
  transaction: ProductSourcesTransact,
): Promise<{ read: number; unread: number } | null> {
  if (await repo.done()) return null;
  let after = FIRST_ID;
  let read = 0;
  let unread = 0;
  for (;;) {
    const batch = await repo.pendingAfter(after, BATCH);
    if (batch.length === 0) break;
    const sources: Array<ReadSource & { link: string }> = [];
    for (const { id, link } of batch) {
      const source = parseItemLink(link);
      if (source) sources.push({ id, link, platform: source.platform, itemId: source.itemId });
      else unread += 1;
    }
    read += await repo.setSources(sources);
    after = batch[batch.length - 1]?.id ?? after;
    if (batch.length < BATCH) break;
  }
  // A catalogue with nothing to read leaves no entry: nothing was tried that the next start would try again.
  // The mark is written once even when two processes finish together: each waits for the other's lock first.
  if (read + unread > 0) {
    await transaction(async (tx) => {
      await tx.productSources.lockFinish();
      await tx.audit.recordOnce({ action: 'products-source', subject: 'Items’ sources', actor: SOURCES_ACTOR, details: { read, unread } });
    });
  }
  return { read, unread };
}
