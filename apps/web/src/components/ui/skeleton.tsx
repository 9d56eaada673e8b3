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

/** Placeholders stacked in one box: `lines` holds each one's size classes, top to bottom. */
export function SkeletonStack({
  lines,
  className,
}: {
  lines: readonly string[];
  className: string;
}) {
  return (
    <div className={className}>
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list that never reorders; sizes repeat.
        <Skeleton key={index} className={line} />
      ))}
    </div>
  );
}
