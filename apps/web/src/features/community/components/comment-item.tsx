import { type Comment, communityMessages } from '@btcp/shared/community';
import { memberName } from '@btcp/shared/member-names';
import { paths } from '@btcp/shared/paths';
import { reportMessages } from '@btcp/shared/reports';
import { MessageSquare, Minus, Plus, Trash2 } from 'lucide-react';
import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { useSignedIn } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { useDeleteComment } from '../api/delete-comment.ts';
import { useVoteOnComment } from '../api/vote-on-comment.ts';
import { useBanned } from '../hooks/use-banned.ts';
import { type EditToggle, useEditToggle } from '../hooks/use-edit-toggle.ts';
import { useVoteGate } from '../hooks/use-vote-gate.ts';
import { deleteFailureMessage } from '../lib/delete-feedback.ts';
import { voteErrorToast } from '../lib/vote-feedback.ts';
import { BannedBadge, NameBadges } from './author-name.tsx';
import { CommentReportActions } from './comment-report-actions.tsx';
import { EditButton } from './edit-button.tsx';
import { EditCommentForm } from './edit-comment-form.tsx';
import { EditedMark } from './edited-mark.tsx';
import { LinkifiedParagraphs } from './linkified-text.tsx';
import { RelativeTime } from './relative-time.tsx';
import { VoteControl } from './vote-control.tsx';

const actionClass = 'h-8 px-2 text-muted-foreground';

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
          className={actionClass}
          disabled={remove.isPending}
        >
          <Trash2 aria-hidden="true" className="size-4" />
          Delete
        </Button>
      }
    />
  );
}

function CommentVotes({ comment }: { comment: Comment }) {
  const vote = useVoteOnComment();
  const gate = useVoteGate((type) => vote.mutate({ comment, type }, { onError: voteErrorToast }));
  return <VoteControl counts={comment} busy={vote.isPending} orientation="horizontal" {...gate} />;
}

/** Reply opens the form under the comment; a visitor is sent to sign in first. */
function ReplyButton({
  onReply,
  buttonRef,
  open,
}: {
  onReply: () => void;
  buttonRef?: Ref<HTMLButtonElement>;
  open: boolean;
}) {
  const signedIn = useSignedIn();
  const banned = useBanned();
  if (banned) return null;
  if (signedIn === false) {
    return (
      <Link
        to={paths.login.getHref()}
        className={buttonVariants({ variant: 'ghost', size: 'sm', className: actionClass })}
      >
        <MessageSquare aria-hidden="true" className="size-4" />
        Reply
      </Link>
    );
  }
  return (
    <Button
      ref={buttonRef}
      variant="ghost"
      size="sm"
      className={actionClass}
      aria-expanded={open}
      onClick={onReply}
    >
      <MessageSquare aria-hidden="true" className="size-4" />
      Reply
    </Button>
  );
}

export interface CommentItemProps {
  comment: Comment;
  collapsed: boolean;
  onToggle: () => void;
  /** Replies below it on the page, hidden while it is collapsed. */
  hiddenReplies: number;
  replyOpen: boolean;
  onReply: () => void;
  replyButtonRef?: Ref<HTMLButtonElement>;
  /** Under the comment's own text: the reply form. */
  children?: ReactNode;
}

/**
 * One comment: the collapse toggle, who wrote it and when, the text, then one row of actions
 * (votes, Reply, Delete for its author: D17). A deleted comment keeps its place as "[deleted]".
 */
export function CommentItem(props: CommentItemProps) {
  const { comment, collapsed, onToggle, hiddenReplies } = props;
  const hidden = hiddenReplies === 1 ? '1 reply hidden' : `${hiddenReplies} replies hidden`;
  const editor = useEditToggle();
  // "[deleted]" and "[removed]" comments name nobody; a deleted account is "Deleted account".
  const nameless = comment.deleted || (comment.status === 'removed' && !comment.author);
  const removed = comment.deleted
    ? communityMessages.deletedComment
    : reportMessages.removedPlaceholder;
  return (
    <article
      className="grid min-w-0 gap-1.5"
      aria-label={`Comment by ${nameless ? removed : memberName(comment.author)}`}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
        <Button
          variant="ghost"
          size="icon"
          className="-ml-1 size-7"
          aria-expanded={!collapsed}
          aria-label={collapsed ? 'Expand thread' : 'Collapse thread'}
          onClick={onToggle}
        >
          {collapsed ? (
            <Plus aria-hidden="true" className="size-4" />
          ) : (
            <Minus aria-hidden="true" className="size-4" />
          )}
        </Button>
        {nameless ? null : (
          <>
            <span className="font-medium text-foreground">{memberName(comment.author)}</span>
            <NameBadges mine={comment.isMine} op={comment.byPostAuthor} />
            <span aria-hidden="true">•</span>
          </>
        )}
        <RelativeTime value={comment.createdAt} />
        {comment.deleted ? null : <EditedMark kind="comment" item={comment} />}
        {comment.deleted ? null : <BannedBadge author={comment.author} />}
        {collapsed && comment.deleted ? <span>{communityMessages.deletedComment}</span> : null}
        {collapsed && hiddenReplies > 0 ? <span>({hidden})</span> : null}
      </div>
      {collapsed ? null : (
        <>
          {comment.deleted ? (
            <p className="text-sm text-muted-foreground italic">
              {communityMessages.deletedComment}
            </p>
          ) : editor.editing ? (
            <EditCommentForm comment={comment} onClose={editor.close} />
          ) : comment.status === 'removed' && !comment.content ? (
            <p className="text-sm text-muted-foreground italic">
              {reportMessages.removedPlaceholder}
            </p>
          ) : (
            <LinkifiedParagraphs text={comment.content} className="gap-2 text-sm" />
          )}
          {comment.deleted ? null : <CommentActions {...props} editor={editor} />}
          {props.children}
        </>
      )}
    </article>
  );
}

/** The action row: a plain row of buttons, where further actions slot in. */
function CommentActions({
  comment,
  replyOpen,
  onReply,
  replyButtonRef,
  editor,
}: CommentItemProps & { editor: EditToggle }) {
  return (
    <div className="-ml-2 flex flex-wrap items-center gap-1">
      <CommentVotes comment={comment} />
      {comment.status === 'removed' ? null : (
        <ReplyButton onReply={onReply} buttonRef={replyButtonRef} open={replyOpen} />
      )}
      {comment.isMine ? <EditButton label="Edit comment" editor={editor} /> : null}
      {comment.isMine ? <DeleteCommentButton comment={comment} /> : null}
      <CommentReportActions comment={comment} />
    </div>
  );
}
