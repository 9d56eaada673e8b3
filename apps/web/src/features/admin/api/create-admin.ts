import type { CreateAdminBody, CreateAdminResult } from '@btcp/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminBootstrapQueryOptions } from './get-admin-bootstrap.ts';

export type { CreateAdminResult };

/** Creates an admin; the first one (decision 057) is signed in by the same request. */
export const createAdmin = (body: CreateAdminBody) =>
  apiRequest<CreateAdminResult>('/admin-auth/create', { method: 'POST', body });

export function useCreateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAdmin,
    // The first admin closes the bootstrap (D8) and is signed in, so every cached answer (the
    // session above all) is out of date; a 403 means someone else got there first. Not awaited:
    // the caller's toast and navigation come first.
    onSuccess: (result) => {
      if (result.signedIn) void queryClient.invalidateQueries();
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminBootstrapQueryOptions().queryKey });
    },
  });
}
