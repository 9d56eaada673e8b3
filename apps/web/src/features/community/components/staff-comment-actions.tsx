import type { Comment } from '@btcp/shared/community';
import { reportMessages } from '@btcp/shared/reports';
import { Ban, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ReasonConfirmDialog } from '#web/components/reason-confirm-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/lib/toast.ts';
import { useStaffCommentAction } from '../api/staff-comment-action.ts';

type Action = 'remove' | 'delete';

const dialogs: Record<Action, { title: string; text: string; confirm: string; done: string }> = {
  remove: {
    title: `${reportMessages.removeComment}?`,
    text: 'Members will see "[removed]" in its place; its open reports are closed.',
    confirm: 'Remove',
    done: reportMessages.commentRemoved,
  },
  delete: {
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
  return (
    <>
      {comment.status === 'removed' ? null : (
        <Button
          variant="ghost"
          size="sm"
          className="text-muted-foreground"
          aria-haspopup="dialog"
          ref={(node) => {
            buttons.current.remove = node;
          }}
          onClick={() => start('remove')}
        >
          <Ban aria-hidden="true" className="size-4" />
          {reportMessages.removeComment}
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        className="text-muted-foreground"
        aria-haspopup="dialog"
        ref={(node) => {
          buttons.current.delete = node;
        }}
        onClick={() => start('delete')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {reportMessages.deleteComment}
      </Button>
      <ReasonConfirmDialog
        open={open !== null}
        onOpenChange={(next) => setOpen(next ? shown : null)}
        title={dialog.title}
        description={dialog.text}
        confirmLabel={dialog.confirm}
        busy={act.isPending}
        onConfirm={confirm}
        // Back to the button that opened it, while it is still there.
        onCloseAutoFocus={(event) => {
          const button = buttons.current[shown];
          if (button?.isConnected) {
            event.preventDefault();
            button.focus();
          }
        }}
      />
    </>
  );
}
