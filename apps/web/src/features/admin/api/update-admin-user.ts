import type { AdminUser, AdminUsersPage, UpdateAdminUserBody } from '@btcp/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminUsersKey } from './get-admin-users.ts';

export interface UpdateAdminUserInput {
  id: string;
  changes: UpdateAdminUserBody;
}

/** Sets a user's ban or moderator flag; the server audits every change. */
export const updateAdminUser = ({ id, changes }: UpdateAdminUserInput) =>
  apiRequest<AdminUser>(`/admin/users/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
  });

function patchUserInPages(
  pages: [readonly unknown[], AdminUsersPage | undefined][],
  id: string,
  patch: (user: AdminUser) => AdminUser,
) {
  return pages.map(
    ([key, page]) =>
      [
        key,
        page && {
          ...page,
          items: page.items.map((user) => (user.id === id ? patch(user) : user)),
        },
      ] as const,
  );
}

/**
 * Flips the switch at once and puts it back if the server refuses. Once the change is settled the
 * lists are read again: a list read that was under way (a search typed just before) may have been
 * answered before the change committed, and must not put the old flag back.
 */
export function useUpdateAdminUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminUser,
    onMutate: async ({ id, changes }) => {
      await queryClient.cancelQueries({ queryKey: adminUsersKey });
      const previous = queryClient.getQueriesData<AdminUsersPage>({ queryKey: adminUsersKey });
      // The reason is the log's, not a field of the user.
      const { reason: _reason, ...flags } = changes;
      for (const [key, page] of patchUserInPages(previous, id, (user) => ({
        ...user,
        ...flags,
      }))) {
        queryClient.setQueryData(key, page);
      }
      return { previous };
    },
    onError: (_error, _input, context) => {
      for (const [key, page] of context?.previous ?? []) queryClient.setQueryData(key, page);
    },
    onSuccess: (updated) => {
      const pages = queryClient.getQueriesData<AdminUsersPage>({ queryKey: adminUsersKey });
      for (const [key, page] of patchUserInPages(pages, updated.id, () => updated)) {
        queryClient.setQueryData(key, page);
      }
    },
    // Not awaited: the switch is free again, and the toast shows, while the lists are read.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminUsersKey }),
  });
}
