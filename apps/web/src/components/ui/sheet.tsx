import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { ModalFrame } from './modal-frame.tsx';

/** A panel that slides in from the left edge, e.g. a navigation menu on small screens. */
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetTitle = DialogPrimitive.Title;

export function SheetContent(props: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <ModalFrame
      layout="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col border-r border-border bg-background shadow-lg"
      close={{ label: 'Close menu', iconClassName: 'size-5' }}
      {...props}
    />
  );
}
