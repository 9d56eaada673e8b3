import { communityMessages } from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { useQueryClient } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/lib/toast.ts';
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
    <ConfirmDialog
      title="Delete post?"
      description={communityMessages.deletePostConfirm}
      onConfirm={() => void confirm()}
      trigger={
        <Button variant="outline" size="sm" disabled={remove.isPending}>
          <Trash2 aria-hidden="true" className="size-4 text-destructive" />
          Delete
        </Button>
      }
    />
  );
}
