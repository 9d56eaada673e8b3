import { COMMUNITY_COMMENT_MAX, type Comment, communityMessages } from '@btcp/shared/community';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { toast } from '#web/lib/toast.ts';
import { useCreateComment } from '../api/create-comment.ts';
import { authorName } from '../lib/format.ts';
import { commentFailureMessage } from './comment-form.tsx';

interface ReplyFormProps {
  parent: Comment;
  /** Closes the form (Cancel, Escape, or the reply posted); focus goes back to Reply. */
  onClose: () => void;
}

/** The inline form under a comment; the reply appears under it once posted. */
export function ReplyForm({ parent, onClose }: ReplyFormProps) {
  const id = useId();
  const [content, setContent] = useState('');
  const create = useCreateComment();
  const trimmed = content.trim();
  const busy = create.isPending;

  const submit = async () => {
    if (!trimmed || busy) return;
    try {
      await create.mutateAsync({ postId: parent.postId, content: trimmed, parentId: parent.id });
      toast.success(communityMessages.commentAdded, {
        description: communityMessages.commentAddedDescription,
      });
      onClose();
    } catch (error) {
      toast.error(communityMessages.commentFailed, { description: commentFailureMessage(error) });
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) {
          event.preventDefault();
          onClose();
        }
      }}
      className="mt-1 grid gap-2"
    >
      <Label htmlFor={id}>Reply to u/{authorName(parent.author)}</Label>
      <Textarea
        id={id}
        // The form opens on the reader's own click: the box is where they will type.
        autoFocus
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder={communityMessages.commentPlaceholder}
        maxLength={COMMUNITY_COMMENT_MAX}
        rows={3}
        readOnly={busy}
      />
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={!trimmed || busy}>
          {busy ? communityMessages.posting : 'Reply'}
        </Button>
      </div>
    </form>
  );
}
