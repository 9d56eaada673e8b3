import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { RetryAlert } from './ui/alert.tsx';
import { Skeleton } from './ui/skeleton.tsx';

export interface QueryContentProps<T> {
  query: UseQueryResult<T>;
  /** The grey boxes' classes: the content's shape, shown (announced as loading) until it comes. */
  skeletons: string[];
  /** How the boxes are laid out. */
  loadingClassName?: string;
  /** What could not be loaded, said above Try again. */
  failure: ReactNode;
  /** Try again under the words rather than beside them, for a narrow card. */
  stacked?: boolean;
  children: (data: T) => ReactNode;
}

/** A part of a page fed by one query: skeletons while it loads, the failure with Try again, then it. */
export function QueryContent<T>({
  query,
  skeletons,
  loadingClassName,
  failure,
  stacked = false,
  children,
}: QueryContentProps<T>) {
  if (query.isPending) {
    return (
      <div role="status" className={loadingClassName}>
        <span className="sr-only">Loading...</span>
        {skeletons.map((className, index) => (
          // The boxes never move or change: their place is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <Skeleton key={index} className={className} />
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <RetryAlert stacked={stacked} onRetry={() => query.refetch()}>
        {failure}
      </RetryAlert>
    );
  }
  return children(query.data);
}
