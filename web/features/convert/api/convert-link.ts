import { useMutation } from '@tanstack/react-query';
import type { ConvertResult } from '../../../../common/schemas/convert';
import { apiPost } from '../../../lib/api-client';

/** The pasted text and the visitor's agent (its link comes first). */
export type ConvertRequest = { text: string; agent?: string | undefined };

export function convertLink(input: ConvertRequest): Promise<ConvertResult> {
  return apiPost<ConvertResult>('/api/convert', input.agent ? input : { text: input.text });
}

export function useConvertLink() {
  return useMutation({ mutationFn: convertLink });
}
