import type { AuditPage, AuditQuery } from '../../../common/schemas/audit';
import type { AuditRepo } from './audit.repo';

/** Reading the audit log (the entries themselves are written by each module in its own transaction). */
export function createAuditService(repo: Pick<AuditRepo, 'page'>) {
  return {
    async page(query: AuditQuery): Promise<AuditPage> {
      const { items, total } = await repo.page(query);
      return { items, total, page: query.page, pageSize: query.pageSize };
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
