import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

export function Badge({ className, ...props }: ComponentProps<'span'>) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-medium',
        className,
      )}
      {...props}
    />
  );
}
