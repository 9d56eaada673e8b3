import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn.ts';

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
