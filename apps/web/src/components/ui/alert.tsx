import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Button } from './button.tsx';

const tones = {
  error: 'border-destructive/40 bg-destructive/10 text-destructive',
  info: 'border-border bg-muted text-foreground',
} as const;

/**
 * A message box. Pass role="alert" for a message that must be announced as soon as it appears (a
 * form's error), or role="status" for a quieter one.
 */
export function Alert({
  className,
  tone = 'error',
  ...props
}: ComponentProps<'div'> & { tone?: keyof typeof tones }) {
  return (
    <div className={cn('rounded-md border px-4 py-3 text-sm', tones[tone], className)} {...props} />
  );
}

/** A load that failed: what could not be loaded, with Try again beside it (below it if `stacked`). */
export function RetryAlert({
  children,
  onRetry,
  stacked = false,
}: {
  children: ReactNode;
  onRetry: () => void;
  stacked?: boolean;
}) {
  return (
    <Alert
      role="alert"
      className={
        stacked
          ? 'grid justify-items-start gap-3'
          : 'flex flex-wrap items-center justify-between gap-3'
      }
    >
      <p>{children}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
