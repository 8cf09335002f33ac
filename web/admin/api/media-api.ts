import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MediaItem, MediaPage, MediaResponse, MediaUpdate } from '../../../shared/admin-api';
import { queryString, useAdminRequest } from './client';

/** The picture library's calls (shared/admin-api.ts) as cached queries. */

const mediaKeys = { all: ['media'] as const };

/** Newest first, 60 a page; "Load more" asks for the next with the cursor. */
export function useMediaPages() {
  const request = useAdminRequest();
  return useInfiniteQuery({
    queryKey: mediaKeys.all,
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) => request<MediaPage>(`/media${queryString({ cursor: pageParam })}`, { signal }),
    getNextPageParam: (last) => last.nextCursor,
  });
}

export function useRefreshMedia() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mediaKeys.all });
}

export function useUpdateMedia() {
  const request = useAdminRequest();
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: ({ mediaId, alt }: { mediaId: string } & MediaUpdate) =>
      request<MediaResponse>(`/media/${encodeURIComponent(mediaId)}`, { method: 'PATCH', body: { alt } }).then(({ item }) => item),
    onSuccess: refresh,
  });
}

/** Refused with 409 `mediaInUse` (and what shows it) while a product or the catalogue uses the picture. */
export function useDeleteMedia() {
  const request = useAdminRequest();
  const refresh = useRefreshMedia();
  return useMutation({
    mutationFn: (item: MediaItem) => request<void>(`/media/${encodeURIComponent(item.mediaId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
