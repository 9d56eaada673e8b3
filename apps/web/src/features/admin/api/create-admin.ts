import type { CreateAdminBody } from '@btcp/shared/admin';
import type { Message } from '@btcp/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminBootstrapQueryOptions } from './get-admin-bootstrap.ts';

export const createAdmin = (body: CreateAdminBody) =>
  apiRequest<Message>('/admin-auth/create', { method: 'POST', body });

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    // The first admin closes the bootstrap (D8); a 403 means someone else got there first. Not
    // awaited, as the page swaps the form out once the bootstrap is closed.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminBootstrapQueryOptions().queryKey });
    },
  });
}
