import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContentResponse, PreviewRequest, PreviewResponse, PublishesResponse, PublishRequest, PublishResponse, PublishSummary } from '../../../../shared/admin-api';
import type { ContentOverrides } from '../../../../shared/content/model';
import { useAdminRequest } from '../../api/client';
import { contentQueryKey } from '../../api/content-draft';
import { setDraftEdits } from './draft-edits';

/** The site's content calls (shared/admin-api.ts) as cached queries. */

const contentKeys = {
  draft: contentQueryKey,
  publishes: ['content', 'publishes'] as const,
  publish: (publishId: string) => ['content', 'publishes', publishId] as const,
};

/** How often a running publish is asked how far it has gone. */
const followEveryMs = 1_000;

function useRefreshContent() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: contentKeys.draft });
}

/** Saves the whole draft; refused with 400 `invalidContent` and every problem, nothing saved. */
export function useSaveDraft() {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useMutation({
    /** `basedOn`: the `savedAt` of the draft the edits began from (none yet: undefined); a colleague's save since is refused. */
    mutationFn: ({ draft, basedOn }: { draft: ContentOverrides; basedOn: string | undefined }) =>
      request<ContentResponse>(`/content/draft?basedOn=${encodeURIComponent(basedOn ?? 'none')}`, { method: 'PUT', body: draft }),
    onSuccess: (answer) => {
      queryClient.setQueryData(contentKeys.draft, answer);
      setDraftEdits(undefined);
    },
  });
}

/**
 * Publishes what staff see: with `draft`, the edits on screen are saved first
 * (refused whole with every problem, nothing saved or published); without,
 * the saved draft, if it is still the one saved at `basedOn`.
 */
export function usePublish() {
  const request = useAdminRequest();
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: (body: PublishRequest) => request<PublishResponse>('/content/publish', { method: 'POST', body }),
    // The edits are saved now: the draft as the API has it replaces them.
    onSuccess: (_, body) => {
      if (body.draft) setDraftEdits(undefined);
    },
    onSettled: refresh,
  });
}

export function usePublishes() {
  const request = useAdminRequest();
  return useQuery({ queryKey: contentKeys.publishes, queryFn: ({ signal }) => request<PublishesResponse>('/content/publishes', { signal }) });
}

/** One publish, asked again every second while it runs; once it has ended, the draft's page learns what is live. */
export function useFollowPublish(publishId: string | undefined) {
  const request = useAdminRequest();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: contentKeys.publish(publishId ?? ''),
    enabled: publishId !== undefined,
    queryFn: async ({ signal }) => {
      const publish = await request<PublishSummary>(`/content/publishes/${encodeURIComponent(publishId!)}`, { signal });
      if (publish.state !== 'running') {
        void queryClient.invalidateQueries({ queryKey: contentKeys.draft, exact: true });
        void queryClient.invalidateQueries({ queryKey: contentKeys.publishes, exact: true });
      }
      return publish;
    },
    refetchInterval: (query) => (query.state.data?.state === 'done' || query.state.data?.state === 'failed' ? false : followEveryMs),
  });
}

export function useRestore() {
  const request = useAdminRequest();
  const refresh = useRefreshContent();
  return useMutation({
    mutationFn: ({ publishId, note }: { publishId: string; note?: string }) =>
      request<PublishResponse>(`/content/publishes/${encodeURIComponent(publishId)}/restore`, { method: 'POST', body: note ? { note } : {} }),
    // The earlier content becomes the draft, in place of any edits on screen.
    onSuccess: () => setDraftEdits(undefined),
    onSettled: refresh,
  });
}

export function usePreview() {
  const request = useAdminRequest();
  return useMutation({
    mutationFn: (preview: PreviewRequest) => request<PreviewResponse>('/content/preview', { method: 'POST', body: preview }),
  });
}
