import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';
import { Button } from './button.tsx';

/**
 * A button for an action that takes something away. button.tsx has no destructive variant and cn()
 * does not resolve class conflicts, so the colours here win by Tailwind's important modifier.
 */
export function DestructiveButton({ className, ...props }: ComponentProps<typeof Button>) {
  return (
    <Button
      className={cn(
        'bg-destructive! text-destructive-foreground! hover:bg-destructive/90!',
        className,
      )}
      {...props}
    />
  );
}
