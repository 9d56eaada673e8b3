import { type ReactNode, useId } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * A control that cannot work yet: it stays in the tab order and is announced as unavailable
 * (aria-disabled), named for what it will do, with its reason written on it and read as its
 * description, so nobody presses a button that only answers "not yet".
 */
export function UnavailableButton({
  reason,
  className,
  children,
}: {
  reason: string;
  className?: string;
  children: ReactNode;
}) {
  const reasonId = useId();
  return (
    <button
      type="button"
      aria-disabled="true"
      aria-describedby={reasonId}
      className={cn('cursor-not-allowed', className)}
    >
      {children}
      <span id={reasonId} aria-hidden="true" className="text-xs font-normal">
        {reason}
      </span>
    </button>
  );
}
