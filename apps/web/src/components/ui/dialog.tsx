import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';
import { ModalFrame } from './modal-frame.tsx';

/** A modal window: focus stays inside, Escape or the close button (or a click outside) closes it. */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent(props: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <ModalFrame
      layout="fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-xl border border-border bg-background p-6 shadow-lg"
      close={{
        label: 'Close',
        className: 'focus-visible:outline-2 focus-visible:outline-ring',
        iconClassName: 'size-4',
      }}
      {...props}
    />
  );
}

export function DialogHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-1.5 pr-8', className)} {...props} />;
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn('text-lg font-semibold tracking-tight', className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

interface TitledDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens the dialog, when it has one of its own. */
  trigger?: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** Classes added to the dialog's box. */
  className?: string;
  /** Where focus goes when the dialog closes (returnFocus), if not back to its trigger. */
  onCloseAutoFocus?: (event: Event) => void;
  children: ReactNode;
}

/** A dialog with its title and description above its body, opened by its `trigger` or its owner. */
export function TitledDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  className,
  onCloseAutoFocus,
  children,
}: TitledDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className} onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
