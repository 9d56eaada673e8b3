import type { Transaction, TransactionsPage } from '@btcp/shared/wallet';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const TRANSACTIONS_PAGE_SIZE = 10;

export const transactionsQueryKey = ['wallet', 'transactions'] as const;

export const getTransactions = (page: number, pageSize: number, signal?: AbortSignal) =>
  apiRequest<TransactionsPage>(`/wallet/transactions?page=${page}&pageSize=${pageSize}`, {
    signal,
  });

export const transactionsQueryOptions = (page: number, pageSize = TRANSACTIONS_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...transactionsQueryKey, { page, pageSize }],
    queryFn: ({ signal }) => getTransactions(page, pageSize, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const useTransactions = (page: number) => useQuery(transactionsQueryOptions(page));

/**
 * A new transaction from the event stream goes on top of page 1 without a reload;
 * later pages shift by one, so they are fetched again when next shown.
 */
export function prependTransaction(queryClient: QueryClient, transaction: Transaction): void {
  for (const [key, data] of queryClient.getQueriesData<TransactionsPage>({
    queryKey: transactionsQueryKey,
  })) {
    if (!data || data.items.some((item) => item.id === transaction.id)) continue;
    if (data.page !== 1) {
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
      continue;
    }
    queryClient.setQueryData<TransactionsPage>(key, {
      ...data,
      items: [transaction, ...data.items].slice(0, data.pageSize),
      total: data.total + 1,
    });
  }
}
