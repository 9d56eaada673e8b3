import type { Wallet } from '@btcp/shared/wallet';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const walletQueryKey = ['wallet', 'balance'] as const;

export const getWallet = (signal?: AbortSignal) => apiRequest<Wallet>('/wallet', { signal });

export const walletQueryOptions = () =>
  queryOptions({
    queryKey: walletQueryKey,
    queryFn: ({ signal }) => getWallet(signal),
    // Mining pays while no wallet page is open to hear it; ask afresh on every visit.
    staleTime: 0,
  });

export const useWallet = () => useQuery(walletQueryOptions());

/** A live balance from the server's event stream replaces the cached one. */
export function setWalletBalance(queryClient: QueryClient, balance: string): void {
  queryClient.setQueryData(walletQueryKey, { balance });
}
