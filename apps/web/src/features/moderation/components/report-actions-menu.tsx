import {
  type ReportAction,
  type ReportedItem,
  reportActionLabels,
  reportActions,
  reportMessages,
} from '@btcp/shared/reports';
import { Ban, CircleCheck, Flag, type LucideIcon, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ReasonConfirmDialog } from '#web/components/reason-confirm-dialog.tsx';
import { ActionsMenu } from '#web/components/ui/actions-menu.tsx';
import { returnFocus } from '#web/components/ui/return-focus.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useResolveReports } from '../api/open-reports.ts';

const icons: Record<ReportAction, LucideIcon> = {
  dismiss: CircleCheck,
  flag: Flag,
  remove: Ban,
  delete: Trash2,
};

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
      <ActionsMenu
        label={`Actions: ${item.label}`}
        triggerRef={trigger}
        groups={[
          reportActions.map((value) => ({
            key: value,
            label: reportActionLabels[value],
            icon: icons[value],
            destructive: value === 'delete',
            disabled: resolve.isPending,
            onSelect: () => {
              setAction(value);
              setOpen(true);
            },
          })),
        ]}
      />
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
        onCloseAutoFocus={(event) => returnFocus(event, trigger.current)}
      />
    </>
  );
}
