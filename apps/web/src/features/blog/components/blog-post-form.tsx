import { type BlogPost, blogMessages } from '@btcp/shared/blog';
import { type BlogPostBody, BlogPostBodySchema } from '@btcp/shared/blog-schemas';
import { paths } from '@btcp/shared/paths';
import type { UseFormSetError } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { CheckboxField } from '#web/components/forms/checkbox-field.tsx';
import { Button, buttonVariants } from '#web/components/ui/button.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { useSchemaForm } from '#web/hooks/use-schema-form.ts';
import { applyFieldErrors } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useCreateBlogPost } from '../api/create-blog-post.ts';
import { useUpdateBlogPost } from '../api/update-blog-post.ts';
import { useCoverUpload } from '../hooks/use-cover-upload.ts';
import { CoverImageField } from './cover-image-field.tsx';

const fieldNames = ['title', 'subtitle', 'content', 'coverImageId'] as const;

/** Creates the post, or updates `post`; a refusal is shown on the fields it names. */
function useSaveBlogPost(post: BlogPost | undefined, setError: UseFormSetError<BlogPostBody>) {
  const navigate = useNavigate();
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const save = (body: BlogPostBody) => {
    const callbacks = {
      onSuccess: async () => {
        toast.success(post ? blogMessages.updated : blogMessages.created);
        await navigate(paths.adminBlog.getHref());
      },
      onError: (error: Error) => {
        applyFieldErrors(error, setError, fieldNames);
        toast.error(blogMessages.errorSaving, { description: blogMessages.errorSavingDescription });
      },
    };
    if (post) update.mutate({ id: post.id, body }, callbacks);
    else create.mutate(body, callbacks);
  };
  return { save, saving: create.isPending || update.isPending };
}

function FormActions({ disabled, label }: { disabled: boolean; label: string }) {
  return (
    <div className="flex flex-wrap gap-3 border-t border-border pt-6">
      <Button type="submit" disabled={disabled}>
        {label}
      </Button>
      <Link to={paths.adminBlog.getHref()} className={buttonVariants({ variant: 'outline' })}>
        Cancel
      </Link>
    </div>
  );
}

/** The /admin/blog form: create a post, or edit `post`. Saving goes back to the list. */
export function BlogPostForm({ post }: { post?: BlogPost }) {
  const { register, control, handleSubmit, setValue, setError, clearErrors, errors } =
    useSchemaForm(BlogPostBodySchema, {
      title: post?.title ?? '',
      subtitle: post?.subtitle ?? '',
      content: post?.content ?? '',
      published: post?.published ?? false,
      coverImageId: post?.coverImageId ?? null,
    });
  const cover = useCoverUpload(
    post?.coverImageId && post.coverImage ? { id: post.coverImageId, url: post.coverImage } : null,
    (id) => {
      setValue('coverImageId', id, { shouldDirty: true });
      clearErrors('coverImageId');
    },
  );
  const { save, saving } = useSaveBlogPost(post, setError);
  const onSubmit = handleSubmit(save);

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={onSubmit} noValidate className="grid gap-6">
          <FormField label="Title" error={errors.title?.message}>
            {(props) => <Input {...props} {...register('title')} />}
          </FormField>
          <FormField label="Subtitle" hint="Optional." error={errors.subtitle?.message}>
            {(props) => <Input {...props} {...register('subtitle')} />}
          </FormField>
          <FormField
            label="Content"
            hint="Markdown supported: # headings, **bold**, *italic*, lists, [links](https://example.com), > quotes and `code`. A line break stays a line break."
            error={errors.content?.message}
          >
            {(props) => (
              <Textarea
                {...props}
                {...register('content')}
                className="min-h-[300px] font-mono text-sm leading-6 md:text-sm"
              />
            )}
          </FormField>
          <CoverImageField
            cover={cover.cover}
            uploading={cover.uploading}
            error={errors.coverImageId?.message}
            onPick={cover.pick}
            onRemove={cover.remove}
          />
          <CheckboxField control={control} name="published" label="Publish" />
          <FormActions
            disabled={saving || cover.uploading}
            label={saving ? 'Saving...' : post ? 'Update Post' : 'Create Post'}
          />
        </form>
      </CardContent>
    </Card>
  );
}
