import { COMMUNITY_COMMENT_MAX, communityMessages } from '@btcp/shared/community';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateComment } from '../api/create-comment.ts';

/** A refusal with a reason (429 too often, D9 banned) shows it; anything else the product's line. */
export function commentFailureMessage(error: unknown): string {
  return error instanceof ApiRequestError && [403, 429].includes(error.status)
    ? error.message
    : communityMessages.commentFailedDescription;
}

/** The button stays disabled until there is something to post. */
export function CommentForm({ postId }: { postId: string }) {
  const id = useId();
  const [content, setContent] = useState('');
  const box = useRef<HTMLTextAreaElement>(null);
  // The server renders this form; words typed before the app takes the page over are in the box
  // but not in the state, which would keep Post Comment disabled over visible text.
  useEffect(() => {
    const typed = box.current?.value;
    if (typed) setContent(typed);
  }, []);
  const create = useCreateComment();
  const trimmed = content.trim();
  const busy = create.isPending;

  const submit = async () => {
    if (!trimmed || busy) return;
    try {
      await create.mutateAsync({ postId, content: trimmed });
      setContent('');
      toast.success(communityMessages.commentAdded, {
        description: communityMessages.commentAddedDescription,
      });
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
      className="grid gap-3"
    >
      <Label htmlFor={id}>Add a comment</Label>
      <Textarea
        id={id}
        ref={box}
        value={content}
        onChange={(event) => setContent(event.target.value)}
        placeholder={communityMessages.commentPlaceholder}
        maxLength={COMMUNITY_COMMENT_MAX}
        rows={3}
        readOnly={busy}
      />
      <Button type="submit" className="justify-self-end" disabled={!trimmed || busy}>
        {busy ? communityMessages.posting : communityMessages.postComment}
      </Button>
    </form>
  );
}
