import { type AdminBlogPostRow, blogMessages } from '@btcp/shared/blog';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DestructiveButton } from '../../../components/ui/destructive-button.tsx';

interface DeleteBlogPostDialogProps {
  /** The post asked about; null keeps the dialog closed. */
  post: AdminBlogPostRow | null;
  deleting: boolean;
  onConfirm: (post: AdminBlogPostRow) => void;
  onCancel: () => void;
  /** Where focus goes once it closes: the dialog has no Radix trigger to return to. */
  onCloseAutoFocus: (event: Event) => void;
}

/** Spec "Blog delete": needs confirmation. It stays open, busy, until the server has answered. */
export function DeleteBlogPostDialog({
  post,
  deleting,
  onConfirm,
  onCancel,
  onCloseAutoFocus,
}: DeleteBlogPostDialogProps) {
  return (
    <AlertDialog
      open={post !== null}
      onOpenChange={(open) => {
        if (!open && !deleting) onCancel();
      }}
    >
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogTitle>Delete “{post?.title}”?</AlertDialogTitle>
        <AlertDialogDescription>{blogMessages.deleteConfirm}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline" disabled={deleting}>
              Cancel
            </Button>
          </AlertDialogCancel>
          <DestructiveButton disabled={deleting} onClick={() => post && onConfirm(post)}>
            {deleting ? 'Deleting...' : 'Delete'}
          </DestructiveButton>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
