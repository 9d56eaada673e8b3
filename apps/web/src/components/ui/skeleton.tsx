import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/** A grey placeholder while content loads; hidden from assistive technology, which gets a status. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-muted', className)}
      {...props}
    />
  );
}
