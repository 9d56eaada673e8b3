import {
  cloneElement,
  isValidElement,
  lazy,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  Suspense,
  useRef,
  useState,
} from 'react';

const loadContent = () => import('./confirm-dialog-content.tsx');
const ConfirmDialogContent = lazy(loadContent);

interface ConfirmDialogProps {
  title: ReactNode;
  description: ReactNode;
  onConfirm: () => void;
  /** Opens the dialog; without one, the caller opens it through `open`. */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** While busy both buttons are disabled and a held-open dialog ignores Escape and Cancel. */
  busy?: boolean;
  confirmLabel?: string;
  busyLabel?: string;
  onCloseAutoFocus?: (event: Event) => void;
  /** Fields between the question and the buttons, e.g. an optional reason. */
  children?: ReactNode;
}

interface TriggerProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  ref?: Ref<HTMLElement>;
}

/**
 * "Are you sure?" with Cancel and a destructive confirm. Left to itself (no `open`), confirming closes
 * it at once; when the caller holds `open`, it stays open until the caller closes it, so it can show
 * the request as busy.
 *
 * The dialog itself (Radix, with its focus trap and layers) is its own chunk, loaded when a reader
 * points at or focuses the trigger, or when it first opens: a page that only might ask does not
 * carry it to its first paint (docs/decisions/018).
 */
export function ConfirmDialog({
  title,
  description,
  onConfirm,
  trigger,
  open: heldOpen,
  onOpenChange,
  busy,
  confirmLabel = 'Delete',
  busyLabel = confirmLabel,
  onCloseAutoFocus,
  children,
}: ConfirmDialogProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const held = heldOpen !== undefined;
  const open = held ? heldOpen : ownOpen;
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  const triggerRef = useRef<HTMLElement | null>(null);

  const setOpen = (next: boolean) => {
    if (busy) return;
    if (!held) setOwnOpen(next);
    onOpenChange?.(next);
  };

  const triggerElement = isValidElement<TriggerProps>(trigger)
    ? cloneElement(trigger as ReactElement<TriggerProps & Record<string, unknown>>, {
        ref: triggerRef,
        'aria-haspopup': 'dialog',
        'aria-expanded': open,
        'data-state': open ? 'open' : 'closed',
        onPointerEnter: loadContent,
        onFocus: loadContent,
        onClick: (event: MouseEvent<HTMLElement>) => {
          trigger.props.onClick?.(event);
          if (!event.defaultPrevented) setOpen(true);
        },
      })
    : trigger;

  return (
    <>
      {triggerElement}
      {mounted ? (
        <Suspense fallback={null}>
          <ConfirmDialogContent
            title={title}
            description={description}
            onConfirm={onConfirm}
            open={open}
            onOpenChange={setOpen}
            closeOnConfirm={!held}
            busy={busy}
            confirmLabel={confirmLabel}
            busyLabel={busyLabel}
            fields={children}
            onCloseAutoFocus={(event) => {
              onCloseAutoFocus?.(event);
              // Back to the button that opened it, as Radix's own trigger would do.
              if (!event.defaultPrevented && triggerRef.current) {
                event.preventDefault();
                triggerRef.current.focus();
              }
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
