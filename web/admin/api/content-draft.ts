import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentResponse, DraftPhotosRequest } from '../../../shared/admin-api';
import { useAdminRequest } from './client';

/**
 * The site's draft content as one cached query, for the pages that edit it
 * (features/content) and the library's photos for the catalogue
 * (features/media).
 */

export const contentQueryKey = ['content'] as const;

export function useContent() {
  const request = useAdminRequest();
  return useQuery({ queryKey: contentQueryKey, queryFn: ({ signal }) => request<ContentResponse>('/content', { signal }) });
}

/** Chooses library pictures for catalogue entries in the saved draft, nothing else of it changed. */
export function useChooseDraftPhotos() {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (photos: DraftPhotosRequest['photos']) => request<ContentResponse>('/content/draft/photos', { method: 'POST', body: { photos } }),
    onSuccess: (answer) => queryClient.setQueryData(contentQueryKey, answer),
  });
}
