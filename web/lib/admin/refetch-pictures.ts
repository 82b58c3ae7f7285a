import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { pictureRefetchBodySchema, PictureRefetchResult } from '../../../common/schemas/picture-refetch';
import { PICTURE_REFETCH_TEXTS, withReason } from '../../../common/texts/admin';
import { useToast } from '../../components/ui/toast';
import { apiPost } from '../api-client';
import { reasonOf } from '../errors';
import { invalidateCatalogue } from './keys';

/** "Fetch pictures again" (issue 40) for items or an import: the Items and Imports tabs both ask it. */
export function refetchPictures(body: z.input<typeof pictureRefetchBodySchema>): Promise<PictureRefetchResult> {
  return apiPost<PictureRefetchResult>('/api/admin/pictures/refetch', body);
}

/** The toast's sentence: how many are queued, and how many were left out. */
export function refetchedMessage(result: PictureRefetchResult): string {
  const leftOut = result.fine + result.noAddress;
  return leftOut > 0
    ? `${PICTURE_REFETCH_TEXTS.queued(result.queued)} ${PICTURE_REFETCH_TEXTS.leftOut(leftOut)}`
    : PICTURE_REFETCH_TEXTS.queued(result.queued);
}

/** The request with its toast (what was queued and left out, or why it was refused): every place that offers it. */
export function useRefetchPictures() {
  const queryClient = useQueryClient();
  const toast = useToast();
  // The pictures arrive later (jobs); the list and link health are read again now, and again on the next visit.
  return useMutation({
    mutationFn: refetchPictures,
    onSuccess: (result) => toast(refetchedMessage(result), 'success'),
    onError: (err) => toast(withReason(PICTURE_REFETCH_TEXTS.failed, reasonOf(err)), 'error'),
    onSettled: () => invalidateCatalogue(queryClient),
  });
}
