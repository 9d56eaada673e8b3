import type { SignUpProtection } from '@btcp/shared/sign-up';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/** The admin's "Sign-up protection" settings (decision 031). */
export const signUpProtectionQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'settings', 'sign-up'],
    queryFn: ({ signal }) => apiRequest<SignUpProtection>('/admin/settings/sign-up', { signal }),
  });

export const useSignUpProtection = () => useQuery(signUpProtectionQueryOptions());

/** Saves them; the server audits the change and answers with what it stored. */
export function useUpdateSignUpProtection() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: SignUpProtection) =>
      apiRequest<SignUpProtection>('/admin/settings/sign-up', { method: 'PUT', body: settings }),
    onSuccess: (saved) => queryClient.setQueryData(signUpProtectionQueryOptions().queryKey, saved),
  });
}
