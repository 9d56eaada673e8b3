import {
  type ReportAction,
  type ReportedItem,
  reportActionLabels,
  reportActions,
  reportMessages,
} from '@btcp/shared/reports';
import { Ban, CircleCheck, Flag, type LucideIcon, MoreHorizontal, Trash2 } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState } from 'react';
import { ReasonConfirmDialog } from '#web/components/reason-confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useResolveReports } from '../api/open-reports.ts';

const icons: Record<ReportAction, LucideIcon> = {
  dismiss: CircleCheck,
  flag: Flag,
  remove: Ban,
  delete: Trash2,
};

const itemClass =
  'flex h-9 cursor-default items-center gap-2 rounded-sm px-2 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted data-[highlighted]:text-foreground [&_svg]:size-4 [&_svg]:shrink-0';

/** The server's words for a 4xx (e.g. no open reports any more), the product's otherwise. */
const failureText = (error: unknown) =>
  error instanceof ApiRequestError && error.status < 500
    ? error.message
    : reportMessages.resolveFailed;

/**
 * A reported item's actions: Dismiss, Flag, Remove or Delete, each confirmed with an optional
 * reason, each closing all the item's open reports.
 */
export function ReportActionsMenu({ item }: { item: ReportedItem }) {
  const resolve = useResolveReports();
  const [action, setAction] = useState<ReportAction>('dismiss');
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  const confirm = (reason: string) =>
    resolve.mutate(
      { itemType: item.itemType, itemId: item.itemId, action, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => toast.success(reportMessages.resolved(action)),
        onError: (error) => toast.error(failureText(error)),
        onSettled: () => setOpen(false),
      },
    );

  return (
    <>
      {/* Not modal: the confirm dialog opens from the menu and must own focus and pointer alone. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button ref={trigger} variant="ghost" size="icon" aria-label={`Actions: ${item.label}`}>
            <MoreHorizontal aria-hidden="true" className="size-5" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-40 rounded-md border border-border bg-card p-1 text-card-foreground shadow-md"
          >
            {reportActions.map((value) => {
              const Icon = icons[value];
              return (
                <DropdownMenu.Item
                  key={value}
                  className={`${itemClass} ${value === 'delete' ? 'text-destructive data-[highlighted]:text-destructive' : ''}`}
                  disabled={resolve.isPending}
                  onSelect={() => {
                    setAction(value);
                    setOpen(true);
                  }}
                >
                  <Icon aria-hidden="true" />
                  {reportActionLabels[value]}
                </DropdownMenu.Item>
              );
            })}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <ReasonConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={reportMessages.confirmTitle(action, item.itemType)}
        description={reportMessages.confirmText(action, item.itemType)}
        confirmLabel={reportActionLabels[action]}
        destructive={action !== 'dismiss'}
        busy={resolve.isPending}
        onConfirm={confirm}
        // Opened from the menu: focus goes back to the menu button, if the row is still there.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (trigger.current?.isConnected) trigger.current.focus();
        }}
      />
    </>
  );
}
