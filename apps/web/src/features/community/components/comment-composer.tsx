import { COMMUNITY_COMMENT_MAX, type Comment, communityMessages } from '@btcp/shared/community';
import { memberName, memberNameMessages } from '@btcp/shared/member-names';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateComment } from '../api/create-comment.ts';
import { needsUsername, useUsernameStep } from '../hooks/use-username-step.ts';
import { UsernameStepFields } from './username-step.tsx';

/** A refusal with a reason (429 too often, D9 banned) shows it; anything else the product's line. */
function commentFailureMessage(error: unknown): string {
  return error instanceof ApiRequestError && [403, 429].includes(error.status)
    ? error.message
    : communityMessages.commentFailedDescription;
}

interface CommentComposerProps {
  postId: string;
  /**
   * Answering a comment: the inline form under it, which `onClose` closes (Cancel, Escape, or the
   * reply posted) and focus goes back to Reply. Without it, the post's own comment form.
   */
  reply?: { parent: Comment; onClose: () => void };
}

/**
 * Writes a comment on a post, or a reply to one of its comments. Posting stays disabled until there
 * is something to post; the comment form empties once posted, the reply form closes.
 */
export function CommentComposer({ postId, reply }: CommentComposerProps) {
  const id = useId();
  const [content, setContent] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  // The server renders the comment form; words typed before the app takes the page over are in the
  // box but not in the state, which would keep Post Comment disabled over visible text.
  useEffect(() => {
    const typed = box.current?.value;
    if (typed) setContent(typed);
  }, []);
  const create = useCreateComment();
  const naming = useUsernameStep();
  const trimmed = content.trim();
  const busy = create.isPending || naming.busy;

  const submit = async () => {
    if (!trimmed || busy) return;
    if (!(await naming.save())) return;
    try {
      const parentId = reply ? { parentId: reply.parent.id } : {};
      await create.mutateAsync({ postId, content: trimmed, ...parentId });
      toast.success(communityMessages.commentAdded, {
        description: communityMessages.commentAddedDescription,
      });
      if (reply) reply.onClose();
      else setContent('');
    } catch (error) {
      if (needsUsername(error)) naming.ask();
      else {
        toast.error(communityMessages.commentFailed, {
          description: commentFailureMessage(error),
        });
      }
    }
  };
  const idle = naming.asked ? memberNameMessages.saveAndComment : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (reply && event.key === 'Escape' && !busy) {
          event.preventDefault();
          reply.onClose();
        }
      }}
      className={reply ? 'mt-1 grid gap-2' : 'grid gap-3'}
    >
      <Label htmlFor={id}>
        {reply ? `Reply to ${memberName(reply.parent.author)}` : 'Add a comment'}
      </Label>
      <Textarea
        id={id}
        ref={box}
        // A reply form opens on the reader's own click: the box is where they will type.
        autoFocus={Boolean(reply)}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder={communityMessages.commentPlaceholder}
        maxLength={COMMUNITY_COMMENT_MAX}
        rows={3}
        readOnly={busy}
      />
      <UsernameStepFields step={naming} />
      <ComposerActions onCancel={reply?.onClose} busy={busy} empty={!trimmed} idle={idle} />
    </form>
  );
}

interface ComposerActionsProps {
  /** A reply's Cancel; a comment on the post has none. */
  onCancel?: () => void;
  busy: boolean;
  empty: boolean;
  /** The submit button's words while nothing is posting, when the username step changes them. */
  idle: string | null;
}

/** A reply's Cancel and Reply, or a comment's Post Comment; each says when it is posting. */
function ComposerActions({ onCancel, busy, empty, idle }: ComposerActionsProps) {
  if (!onCancel) {
    return (
      <Button type="submit" className="justify-self-end" disabled={empty || busy}>
        {busy ? communityMessages.posting : (idle ?? communityMessages.postComment)}
      </Button>
    );
  }
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" size="sm" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" size="sm" disabled={empty || busy}>
        {busy ? communityMessages.posting : (idle ?? 'Reply')}
      </Button>
    </div>
  );
}
