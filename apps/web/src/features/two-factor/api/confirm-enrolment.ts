import type { ConfirmTwoFactorBody, RecoveryCodes } from '@btcp/shared/two-factor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { type TwoFactorOwner, twoFactorPath } from './owner.ts';
import { refreshTwoFactorState } from './refresh.ts';

export const confirmEnrolment = (owner: TwoFactorOwner, body: ConfirmTwoFactorBody) =>
  apiRequest<RecoveryCodes>(twoFactorPath(owner, '/enrolment/confirm'), { method: 'POST', body });

export function useConfirmEnrolment(owner: TwoFactorOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmTwoFactorBody) => confirmEnrolment(owner, body),
    onSuccess: () => refreshTwoFactorState(queryClient, owner),
  });
}
