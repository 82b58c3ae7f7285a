import { useMutation } from '@tanstack/react-query';
import type { ItemRequestInput, RequestReceipt } from '../../../../common/schemas/requests';
import { apiPost } from '../../../lib/api-client';

/** Asks for an item an empty search did not find (issue 16); limited per visitor, so a 429 is an answer to show. */
export function createItemRequest(input: ItemRequestInput): Promise<RequestReceipt> {
  return apiPost<RequestReceipt>('/api/requests', input);
}

export function useCreateItemRequest() {
  return useMutation({ mutationFn: createItemRequest });
}
