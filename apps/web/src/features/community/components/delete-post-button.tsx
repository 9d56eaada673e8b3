import { communityMessages } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { DestructiveButton } from '../../../components/ui/destructive-button.tsx';
import { forgetCommunityPost, useDeleteCommunityPost } from '../api/delete-community-post.ts';
import { deleteFailureMessage } from '../lib/delete-feedback.ts';

/** D17: the author deletes their own post, after saying yes; then back to the list. */
export function DeletePostButton({ postId }: { postId: string }) {
  const remove = useDeleteCommunityPost();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const confirm = async () => {
    try {
      await remove.mutateAsync(postId);
    } catch (error) {
      toast.error(communityMessages.deleteFailed, { description: deleteFailureMessage(error) });
      return;
    }
    toast.success(communityMessages.postDeleted);
    await navigate(paths.community.getHref());
    forgetCommunityPost(queryClient, postId);
  };

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={remove.isPending}>
          <Trash2 aria-hidden="true" className="size-4 text-destructive" />
          Delete
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogTitle>Delete post?</AlertDialogTitle>
        <AlertDialogDescription>{communityMessages.deletePostConfirm}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel asChild>
            <Button variant="outline">Cancel</Button>
          </AlertDialogCancel>
          <AlertDialogAction asChild>
            <DestructiveButton onClick={() => void confirm()}>Delete</DestructiveButton>
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
