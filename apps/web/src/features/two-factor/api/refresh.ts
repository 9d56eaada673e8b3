import type { QueryClient } from '@tanstack/react-query';
import { type TwoFactorOwner, twoFactorQueryKey } from './owner.ts';

/**
 * After a change: the status, and what else shows it (the account's "Two-factor: On/Off", the
 * admin guard's "must set it up").
 */
export function refreshTwoFactorState(queryClient: QueryClient, owner: TwoFactorOwner) {
  void queryClient.invalidateQueries({ queryKey: twoFactorQueryKey(owner) });
  void queryClient.invalidateQueries({
    queryKey: owner === 'account' ? ['account'] : ['admin', 'me'],
  });
}
