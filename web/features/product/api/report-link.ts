import { useMutation } from '@tanstack/react-query';
import type { LinkReportInput, RequestReceipt } from '../../../../common/schemas/requests';
import { apiPost } from '../../../lib/api-client';

/** Reports that a product's buy link is broken (issue 16); limited per visitor, so a 429 is an answer to show. */
export function reportLink(productId: string, input: LinkReportInput): Promise<RequestReceipt> {
  return apiPost<RequestReceipt>(`/api/products/${encodeURIComponent(productId)}/link-reports`, input);
}

export function useReportLink(productId: string) {
  return useMutation({ mutationFn: (input: LinkReportInput) => reportLink(productId, input) });
}
