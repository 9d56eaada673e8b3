import { type Comment, communityMessages } from '@btcp/shared/community';
import { reportMessages } from '@btcp/shared/reports';
import { Trash2 } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/lib/toast.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useVoteOnComment } from '../api/vote-on-comment.ts';
import { useVoteGate } from '../hooks/use-vote-gate.ts';
import { deleteFailureMessage } from '../lib/delete-feedback.ts';
import { authorName } from '../lib/format.ts';
import { voteErrorToast } from '../lib/vote-feedback.ts';
import { BannedBadge } from './author-name.tsx';
import { CommentReportActions } from './comment-report-actions.tsx';
import { LinkifiedParagraphs } from './linkified-text.tsx';
import { RelativeTime } from './relative-time.tsx';
import { VoteControl } from './vote-control.tsx';

function DeleteCommentButton({ comment }: { comment: Comment }) {
  const remove = useDeleteComment();
  const confirm = () =>
    remove.mutate(comment, {
      onSuccess: () => toast.success(communityMessages.commentDeleted),
      onError: (error) =>
        toast.error(communityMessages.deleteFailed, { description: deleteFailureMessage(error) }),
    });
  return (
    <ConfirmDialog
      title="Delete comment?"
      description={communityMessages.deleteCommentConfirm}
      onConfirm={confirm}
      trigger={
        <Button
          variant="ghost"
          size="sm"
          aria-label="Delete comment"
          className="text-muted-foreground"
          disabled={remove.isPending}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      }
    />
  );
}

/** One comment: its votes, who wrote it and when, the text, and Delete for its author (D17). */
export function CommentItem({ comment }: { comment: Comment }) {
  const vote = useVoteOnComment();
  const gate = useVoteGate((type) => vote.mutate({ comment, type }, { onError: voteErrorToast }));
  return (
    <li className="flex gap-3 border-b border-border py-4 last:border-b-0">
      <VoteControl counts={comment} busy={vote.isPending} {...gate} className="-mt-1" />
      <div className="grid min-w-0 flex-1 gap-2">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span className="font-medium text-foreground">u/{authorName(comment.author)}</span>
          <span aria-hidden="true">•</span>
          <RelativeTime value={comment.createdAt} />
          <BannedBadge author={comment.author} />
        </div>
        <LinkifiedParagraphs
          text={
            comment.status === 'removed' && !comment.content
              ? reportMessages.removedPlaceholder
              : comment.content
          }
          className="gap-2 text-sm"
        />
        <div className="-ml-3 flex flex-wrap items-center gap-1 empty:hidden">
          {comment.isMine ? <DeleteCommentButton comment={comment} /> : null}
          <CommentReportActions comment={comment} />
        </div>
      </div>
    </li>
  );
}
