import type { AdjustBalanceBody, AdjustBalanceResult } from '@btcp/shared/wallet';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';
import { adminWalletsKey } from './get-admin-wallets.ts';

export interface AdjustWalletInput {
  userId: string;
  body: AdjustBalanceBody;
  /** Same key for a retry of the same submission, so the server applies it at most once. */
  idempotencyKey: string;
}

/** Sets, adds to or subtracts from a user's balance; the server works out the new balance (D1). */
export function adjustWallet({ userId, body, idempotencyKey }: AdjustWalletInput) {
  return apiRequest<AdjustBalanceResult>(`/admin/wallets/${encodeURIComponent(userId)}/adjust`, {
    method: 'POST',
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

export function useAdjustWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adjustWallet,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminWalletsKey }),
  });
}
