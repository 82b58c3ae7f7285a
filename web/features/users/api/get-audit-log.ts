import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditAction, AuditPage } from '../../../../common/schemas/audit';
import { apiGet } from '../../../lib/api-client';
import { usersKeys } from '../../../lib/admin/keys';

export type AuditRequest = { action: AuditAction | 'all'; page: number };

export function getAuditLog(q: AuditRequest, signal?: AbortSignal): Promise<AuditPage> {
  return apiGet<AuditPage>('/api/admin/audit-log', { action: q.action === 'all' ? undefined : q.action, page: q.page }, signal);
}

export function useAuditLog(q: AuditRequest) {
  return useQuery({
    queryKey: usersKeys.audit(q),
    queryFn: ({ signal }) => getAuditLog(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
