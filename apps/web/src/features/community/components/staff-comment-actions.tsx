import type { Comment } from '@btcp/shared/community';
import { reportMessages } from '@btcp/shared/reports';
import { Ban, type LucideIcon, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ReasonConfirmDialog } from '#web/components/reason-confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { returnFocus } from '#web/components/ui/return-focus.ts';
import { toast } from '#web/lib/toast.ts';
import { useStaffCommentAction } from '../api/staff-comment-action.ts';

type Action = 'remove' | 'delete';

const dialogs: Record<
  Action,
  { label: string; icon: LucideIcon; title: string; text: string; confirm: string; done: string }
> = {
  remove: {
    label: reportMessages.removeComment,
    icon: Ban,
    title: `${reportMessages.removeComment}?`,
    text: 'Members will see "[removed]" in its place; its open reports are closed.',
    confirm: 'Remove',
    done: reportMessages.commentRemoved,
  },
  delete: {
    label: reportMessages.deleteComment,
    icon: Trash2,
    title: `${reportMessages.deleteComment}?`,
    text: 'The comment is deleted for good ("[deleted]" stays if it has replies); its open reports are closed.',
    confirm: 'Delete',
    done: reportMessages.commentDeletedByStaff,
  },
};

/** Staff on the post page: Remove or Delete any comment, each confirmed with an optional reason. */
export function StaffCommentActions({ comment }: { comment: Comment }) {
  const act = useStaffCommentAction();
  const [open, setOpen] = useState<Action | null>(null);
  const [shown, setShown] = useState<Action>('remove');
  const dialog = dialogs[shown];
  const buttons = useRef<Record<Action, HTMLButtonElement | null>>({ remove: null, delete: null });
  const start = (action: Action) => {
    setShown(action);
    setOpen(action);
  };
  const confirm = (reason: string) =>
    act.mutate(
      { comment, action: shown, reason },
      {
        onSuccess: () => toast.success(dialog.done),
        onError: () => toast.error(reportMessages.commentActionFailed),
        onSettled: () => setOpen(null),
      },
    );
  // A removed comment can still be deleted, not removed again.
  const actions: Action[] = comment.status === 'removed' ? ['delete'] : ['remove', 'delete'];
  return (
    <>
      {actions.map((action) => {
        const { label, icon: Icon } = dialogs[action];
        return (
          <Button
            key={action}
            variant="ghost"
            size="sm"
            className="text-muted-foreground"
            aria-haspopup="dialog"
            ref={(node) => {
              buttons.current[action] = node;
            }}
            onClick={() => start(action)}
          >
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </Button>
        );
      })}
      <ReasonConfirmDialog
        open={open !== null}
        onOpenChange={(next) => setOpen(next ? shown : null)}
        title={dialog.title}
        description={dialog.text}
        confirmLabel={dialog.confirm}
        busy={act.isPending}
        onConfirm={confirm}
        // Back to the button that opened it, while it is still there.
        onCloseAutoFocus={(event) => returnFocus(event, buttons.current[shown])}
      />
    </>
  );
}
