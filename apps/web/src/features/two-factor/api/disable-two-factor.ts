import type { DisableTwoFactorBody } from '@btcp/shared/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { type TwoFactorOwner, twoFactorPath } from './owner.ts';
import { refreshTwoFactorState } from './refresh.ts';

export const disableTwoFactor = (owner: TwoFactorOwner, body: DisableTwoFactorBody) =>
  apiRequest<void>(twoFactorPath(owner, '/disable'), { method: 'POST', body });

export function useDisableTwoFactor(owner: TwoFactorOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DisableTwoFactorBody) => disableTwoFactor(owner, body),
    onSuccess: () => refreshTwoFactorState(queryClient, owner),
  });
}
