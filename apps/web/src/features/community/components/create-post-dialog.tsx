import {
  COMMUNITY_CONTENT_MAX,
  COMMUNITY_TITLE_MAX,
  type CommunityTopic,
  communityMessages,
  communityTopicLabels,
  communityTopics,
} from '@btcp/shared/community';
import { ErrorCode } from '@btcp/shared/error-codes';
import { memberNameMessages } from '@btcp/shared/member-names';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { type UseFormRegister, useForm } from 'react-hook-form';
import { Button } from '#web/components/ui/button.tsx';
import { DialogClose, TitledDialog } from '#web/components/ui/dialog.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateCommunityPost } from '../api/create-community-post.ts';
import { needsUsername, useUsernameStep } from '../hooks/use-username-step.ts';
import { ImagePicker } from './image-picker.tsx';
import { NativeSelect } from './native-select.tsx';
import { UsernameStepFields } from './username-step.tsx';

interface NewPostValues {
  title: string;
  content: string;
  topic: CommunityTopic | '';
}

const emptyPost: NewPostValues = { title: '', content: '', topic: '' };

/** The server's reason when it gave one (403 banned, 429 too often, a bad image), else the product's. */
function failureMessage(error: unknown): string {
  if (
    !(error instanceof ApiRequestError) ||
    error.status >= 500 ||
    error.code === ErrorCode.httpError
  ) {
    return communityMessages.unexpected;
  }
  if (error.status === 401) return communityMessages.mustBeLoggedIn;
  return error.message;
}

/** Title, content and topic: the words of the new post. */
function PostFields({
  register,
  busy,
}: {
  register: UseFormRegister<NewPostValues>;
  busy: boolean;
}) {
  return (
    <>
      <FormField label="Title">
        {(control) => (
          <Input
            {...control}
            {...register('title')}
            maxLength={COMMUNITY_TITLE_MAX}
            autoComplete="off"
            placeholder="What is it about?"
            disabled={busy}
          />
        )}
      </FormField>
      <FormField label="Content">
        {(control) => (
          <Textarea
            {...control}
            {...register('content')}
            maxLength={COMMUNITY_CONTENT_MAX}
            rows={6}
            placeholder="Say more..."
            disabled={busy}
          />
        )}
      </FormField>
      <FormField label="Topic">
        {(control) => (
          <NativeSelect {...control} {...register('topic')} disabled={busy}>
            <option value="">None</option>
            {communityTopics.map((topic) => (
              <option key={topic} value={topic}>
                {communityTopicLabels[topic]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
    </>
  );
}

/** 'Create Post' opens this dialog; it starts empty again after a cancel or a success. */
export function CreatePostDialog() {
  const [open, setOpen] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  const create = useCreateCommunityPost();
  const { register, handleSubmit, reset } = useForm<NewPostValues>({ defaultValues: emptyPost });
  const naming = useUsernameStep();
  const busy = create.isPending || naming.busy;

  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reset(emptyPost);
      setImage(null);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const title = values.title.trim();
    const content = values.content.trim();
    if (!title || !content) {
      toast.error(communityMessages.missingFields, {
        description: communityMessages.missingFieldsDescription,
      });
      return;
    }
    if (!(await naming.save())) return;
    try {
      await create.mutateAsync({ title, content, topic: values.topic || null, image });
      toast.success(communityMessages.postCreated, {
        description: communityMessages.postCreatedDescription,
      });
      changeOpen(false);
    } catch (error) {
      if (needsUsername(error)) naming.ask();
      else toast.error(communityMessages.createFailed, { description: failureMessage(error) });
    }
  });

  return (
    <TitledDialog
      open={open}
      onOpenChange={changeOpen}
      trigger={
        <Button>
          <Plus aria-hidden="true" className="size-4" />
          {communityMessages.createPost}
        </Button>
      }
      title={communityMessages.createPost}
      description="Share something with the community. Links in your text become clickable."
      className="max-w-xl"
    >
      <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-busy={busy || undefined}>
        <PostFields register={register} busy={busy} />
        <ImagePicker file={image} onChange={setImage} disabled={busy} />
        <UsernameStepFields step={naming} />
        <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button type="submit" disabled={busy}>
            {busy
              ? communityMessages.posting
              : naming.asked
                ? memberNameMessages.saveAndPost
                : 'Publish'}
          </Button>
        </div>
      </form>
    </TitledDialog>
  );
}
