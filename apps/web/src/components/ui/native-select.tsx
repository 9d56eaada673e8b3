import { ChevronDown } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

/**
 * The browser's own select, styled: it is keyboard and screen-reader friendly everywhere and opens
 * the system picker on phones.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select
        className="h-10 w-full appearance-none rounded-md border border-border bg-background py-2 pr-9 pl-3 text-base shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 md:text-sm"
        {...props}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
