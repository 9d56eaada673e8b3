import { type AdminBlogPostRow, blogMessages } from '@btcp/shared/blog';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';

interface DeleteBlogPostDialogProps {
  /** The post asked about; null keeps the dialog closed. */
  post: AdminBlogPostRow | null;
  deleting: boolean;
  onConfirm: (post: AdminBlogPostRow) => void;
  onCancel: () => void;
  /** Where focus goes once it closes: the dialog has no Radix trigger to return to. */
  onCloseAutoFocus: (event: Event) => void;
}

/** Deleting a blog post needs confirmation. It stays open, busy, until the server has answered. */
export function DeleteBlogPostDialog({
  post,
  deleting,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: DeleteBlogPostDialogProps) {
  return (
    <ConfirmDialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      busy={deleting}
      busyLabel="Deleting..."
      title={<>Delete “{post?.title}”?</>}
      description={blogMessages.deleteConfirm}
      onConfirm={() => post && onConfirm(post)}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
