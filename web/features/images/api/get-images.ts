import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ImagePage, ImageSort } from '../../../../common/schemas/image';
import { apiGet } from '../../../lib/api-client';
import { adminKeys } from '../../../lib/admin/keys';

export type ImagesRequest = { page: number; sort: ImageSort; search?: string; pageSize?: number };

export function getImages(q: ImagesRequest, signal?: AbortSignal): Promise<ImagePage> {
  return apiGet<ImagePage>(
    '/api/admin/images',
    { page: q.page, sort: q.sort, search: q.search?.trim() || undefined, pageSize: q.pageSize },
    signal,
  );
}

export function useImages(q: ImagesRequest) {
  return useQuery({
    queryKey: adminKeys.images(q),
    queryFn: ({ signal }) => getImages(q, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
