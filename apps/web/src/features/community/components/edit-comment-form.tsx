import { COMMUNITY_COMMENT_MAX, type Comment } from '@btcp/shared/community';
import { communityEditMessages } from '@btcp/shared/community-edits';
import { useId, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useEditComment } from '../api/edit-comment.ts';
import { cancelOnEscape } from './edit-post-form.tsx';

const EMPTY = 'Write a comment first.';

/** The author's comment in place of its text, prefilled; Save keeps it, Cancel or Escape does not. */
export function EditCommentForm({ comment, onClose }: { comment: Comment; onClose: () => void }) {
  const id = useId();
  const [content, setContent] = useState(comment.content);
  const [error, setError] = useState<string | undefined>();
  const edit = useEditComment();
  const busy = edit.isPending;

  const submit = async () => {
    const trimmed = content.trim();
    if (!trimmed) return setError(EMPTY);
    if (busy) return;
    try {
      await edit.mutateAsync({ id: comment.id, content: trimmed });
      toast.success(communityEditMessages.commentUpdated);
      onClose();
    } catch (failure) {
      const reason =
        failure instanceof ApiRequestError && failure.status < 500
          ? (failure.fields.content ?? failure.message)
          : communityEditMessages.editFailed;
      setError(reason);
    }
  };

  return (
    <form
      noValidate
      onKeyDown={cancelOnEscape(onClose)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="grid gap-2"
    >
      <Label htmlFor={id} className="sr-only">
        {communityEditMessages.editComment}
      </Label>
      <Textarea
        id={id}
        autoFocus
        value={content}
        onChange={(event) => setContent(event.target.value)}
        maxLength={COMMUNITY_COMMENT_MAX}
        rows={3}
        readOnly={busy}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={onClose} disabled={busy}>
          {communityEditMessages.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? communityEditMessages.saving : communityEditMessages.save}
        </Button>
      </div>
    </form>
  );
}
