import {
  MODERATION_LOG_PAGE_SIZE,
  type ModerationLogPage,
  moderationLogApi,
  type PublicModerationLogPage,
} from '@btcp/shared/moderation-log';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** Every cached page of both logs: a moderation action makes them all stale. */
export const moderationLogKey = ['moderation-log'] as const;

export interface ModerationLogFilter {
  page: number;
  /** '' for every action. */
  action: string;
  /** The acting staff member's id; '' for everyone (the staff log only). */
  moderator: string;
}

const pathWith = (path: string, { page, action, moderator }: ModerationLogFilter) => {
  const query = new URLSearchParams({
    page: String(page),
    pageSize: String(MODERATION_LOG_PAGE_SIZE),
  });
  if (action) query.set('action', action);
  if (moderator) query.set('moderator', moderator);
  return `${path}?${query}`;
};

/** One page of the staff log, with who acted and the staff the filter can offer. */
export const useModerationLog = (filter: ModerationLogFilter) =>
  useQuery(
    queryOptions({
      queryKey: [...moderationLogKey, 'admin', filter],
      queryFn: ({ signal }) =>
        apiRequest<ModerationLogPage>(pathWith(moderationLogApi.admin, filter), { signal }),
      // The table keeps showing the last page while the next page or filter loads.
      placeholderData: keepPreviousData,
    }),
  );

/** One page of the public log: the same entries, never who acted. */
export const usePublicModerationLog = (filter: Omit<ModerationLogFilter, 'moderator'>) =>
  useQuery(
    queryOptions({
      queryKey: [...moderationLogKey, 'public', filter],
      queryFn: ({ signal }) =>
        apiRequest<PublicModerationLogPage>(
          pathWith(moderationLogApi.public, { ...filter, moderator: '' }),
          { signal },
        ),
      placeholderData: keepPreviousData,
    }),
  );
