import { X } from 'lucide-react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

interface ModalFrameProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** Where the content stands and how it looks; the caller's `className` adds to it. */
  layout: string;
  /** The close button in the top right corner: its accessible name, extra classes and icon size. */
  close: { label: string; className?: string; iconClassName: string };
}

/**
 * What a dialog and a sheet share: the portal, the dimmed backdrop, and the content (placed by the
 * caller's classes) with a close button in its top right corner.
 */
export function ModalFrame({ layout, className, children, close, ...props }: ModalFrameProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content className={cn(layout, className)} {...props}>
        {children}
        <DialogPrimitive.Close
          aria-label={close.label}
          className={cn(
            'absolute top-3 right-3 rounded-md p-2 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground',
            close.className,
          )}
        >
          <X aria-hidden="true" className={close.iconClassName} />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
