import type { RequestStatus } from '../../../../common/requests';

/** What a queue shows: one status or all, and a page. */
export type QueueRequest = { status: RequestStatus | 'all'; page: number };

/** Under ['admin'], so any dashboard change refreshes the queues (a linked product renamed or deleted). */
export const requestsKeys = {
  all: ['admin', 'requests'] as const,
  items: (q: QueueRequest) => ['admin', 'requests', 'items', q] as const,
  reports: (q: QueueRequest) => ['admin', 'requests', 'reports', q] as const,
  /** The product page's notice (web/features/product) keeps its state under this key too. */
  reportStates: ['admin', 'link-report-state'] as const,
};

export const statusParam = (q: QueueRequest) => ({ status: q.status === 'all' ? undefined : q.status, page: q.page });
