import { communityEditApi, type EditHistory } from '@btcp/shared/community-edits';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { communityKeys } from './query-keys.ts';

export type EditedKind = 'post' | 'comment';

export const editHistoryKey = (kind: EditedKind, id: string) =>
  [...communityKeys.all, 'edits', kind, id] as const;

export const getEditHistory = (kind: EditedKind, id: string, signal?: AbortSignal) =>
  apiRequest<EditHistory>(
    kind === 'post' ? communityEditApi.adminPostEdits(id) : communityEditApi.adminCommentEdits(id),
    { signal },
  );

/** Staff only (the server refuses anyone else): read when the history is opened, afresh each time. */
export function useEditHistory(kind: EditedKind, id: string, enabled: boolean) {
  return useQuery({
    queryKey: editHistoryKey(kind, id),
    queryFn: ({ signal }) => getEditHistory(kind, id, signal),
    enabled,
    staleTime: 0,
  });
}
