import {
  COMMUNITY_CONTENT_MAX,
  COMMUNITY_TITLE_MAX,
  type CommunityPost,
  communityMessages,
} from '@btcp/shared/community';
import { communityEditMessages, titleEditable } from '@btcp/shared/community-edits';
import { type KeyboardEvent, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { type PostEdit, useEditPost } from '../api/edit-post.ts';
import { useNow } from '../hooks/use-now.ts';

type Errors = Partial<Record<'title' | 'content', string>>;

/** The server's field errors (a title past its window, text too long), or a toast with its reason. */
function showFailure(error: unknown, setErrors: (errors: Errors) => void) {
  if (error instanceof ApiRequestError && (error.fields.title || error.fields.content)) {
    setErrors({ title: error.fields.title, content: error.fields.content });
    return;
  }
  const reason =
    error instanceof ApiRequestError && error.status < 500
      ? error.message
      : communityMessages.unexpected;
  toast.error(communityEditMessages.editFailed, { description: reason });
}

/** Escape anywhere in an inline edit form cancels it, as Cancel does. */
export function cancelOnEscape(onCancel: () => void) {
  return (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onCancel();
  };
}

/**
 * What the author has typed into the edit form, and saving it: the text may change any time, the
 * title only in its first minutes. Empty fields are refused here; the server decides the rest.
 */
function usePostEdit(post: CommunityPost, onSaved: () => void) {
  const canRetitle = titleEditable(post.createdAt, useNow());
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [errors, setErrors] = useState<Errors>({});
  const edit = useEditPost();
  const busy = edit.isPending;

  const submit = async () => {
    const next: Errors = {};
    if (canRetitle && !title.trim()) next.title = communityMessages.missingFieldsDescription;
    if (!content.trim()) next.content = communityMessages.missingFieldsDescription;
    setErrors(next);
    if (Object.keys(next).length > 0 || busy) return;
    const change: PostEdit = { id: post.id, content: content.trim() };
    if (canRetitle) change.title = title.trim();
    try {
      await edit.mutateAsync(change);
      toast.success(communityEditMessages.postUpdated);
      onSaved();
    } catch (error) {
      showFailure(error, setErrors);
    }
  };
  return { canRetitle, title, setTitle, content, setContent, errors, busy, submit };
}

/**
 * The author's post in place, prefilled; a title past its first minutes is shown read-only with
 * why.
 */
export function EditPostForm({ post, onClose }: { post: CommunityPost; onClose: () => void }) {
  const { canRetitle, title, setTitle, content, setContent, errors, busy, submit } = usePostEdit(
    post,
    onClose,
  );

  return (
    <form
      noValidate
      aria-label={communityEditMessages.editPost}
      onKeyDown={cancelOnEscape(onClose)}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      className="grid gap-4 rounded-lg border border-border bg-muted/30 p-3 sm:p-4"
    >
      <FormField
        label="Title"
        error={errors.title}
        hint={canRetitle ? undefined : communityEditMessages.titleLocked}
      >
        {(control) => (
          <Input
            {...control}
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            maxLength={COMMUNITY_TITLE_MAX}
            readOnly={!canRetitle || busy}
            className={canRetitle ? undefined : 'bg-muted text-muted-foreground'}
          />
        )}
      </FormField>
      <FormField label="Content" error={errors.content}>
        {(control) => (
          <Textarea
            {...control}
            // The text is what an author comes to change, so it takes the focus.
            autoFocus
            value={content}
            onChange={(event) => setContent(event.target.value)}
            maxLength={COMMUNITY_CONTENT_MAX}
            rows={8}
            readOnly={busy}
          />
        )}
      </FormField>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
          {communityEditMessages.cancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? communityEditMessages.saving : communityEditMessages.save}
        </Button>
      </div>
    </form>
  );
}
