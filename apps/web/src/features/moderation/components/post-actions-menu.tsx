import {
  type AdminCommunityPost,
  type CommunityPostStatus,
  communityMessages,
} from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import { Ban, CircleCheck, ExternalLink, Flag, type LucideIcon, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ReasonField } from '#web/components/moderation-reason-field.tsx';
import { ActionsMenu } from '#web/components/ui/actions-menu.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { returnFocus } from '#web/components/ui/return-focus.ts';
import { toast } from '#web/lib/toast.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { useSetPostStatus } from '../api/set-post-status.ts';

const statusActions: { status: CommunityPostStatus; label: string; icon: LucideIcon }[] = [
  { status: 'active', label: communityMessages.markActive, icon: CircleCheck },
  { status: 'flagged', label: communityMessages.flagPost, icon: Flag },
  { status: 'removed', label: communityMessages.removePost, icon: Ban },
];

type PostAction = CommunityPostStatus | 'delete';

/** What each status dialog asks: the change is told to the author, with the reason. */
const statusDialogs: Record<CommunityPostStatus, { title: string; description: string }> = {
  active: {
    title: 'Mark this post active?',
    description: 'It shows to everyone again. The author is told, with your reason.',
  },
  flagged: {
    title: 'Flag this post?',
    description:
      'It stays visible to everyone, marked for review. The author is told, with your reason.',
  },
  removed: {
    title: 'Remove this post?',
    description:
      'It disappears from the community for everyone but staff; you can mark it active again. The author is told, with your reason.',
  },
};

/** The dialog's words for an action; Delete keeps the dialog's own Delete button. */
const dialogFor = (action: PostAction) =>
  action === 'delete'
    ? {
        title: communityMessages.deleteDialogTitle,
        description: communityMessages.deleteDialogText,
      }
    : { ...statusDialogs[action], confirmLabel: 'Confirm', busyLabel: 'Saving...' };

/**
 * What the menu does to a post, with a toast for each outcome. It lives in the menu's owner, not in
 * the menu's content, which unmounts as the menu closes and would drop the mutations' callbacks.
 */
function usePostModeration(post: AdminCommunityPost) {
  const setStatus = useSetPostStatus();
  const deletePost = useDeletePost();
  const [asking, setAsking] = useState<PostAction | null>(null);
  const [reason, setReason] = useState('');

  const ask = (action: PostAction) => {
    setReason('');
    setAsking(action);
  };
  const onSettled = () => setAsking(null);

  const changeStatus = (status: CommunityPostStatus) =>
    setStatus.mutate(
      { id: post.id, status, reason },
      {
        onSuccess: (updated) =>
          toast.success(communityMessages.statusUpdated, {
            description: communityMessages.statusUpdatedDescription(updated.status),
          }),
        onError: () =>
          toast.error(communityMessages.updateFailed, {
            description: communityMessages.updateFailedDescription,
          }),
        onSettled,
      },
    );

  const confirmDelete = () =>
    deletePost.mutate(
      { id: post.id, reason },
      {
        onSuccess: () =>
          toast.success(communityMessages.adminDeleted, {
            description: communityMessages.adminDeletedDescription,
          }),
        onError: () =>
          toast.error(communityMessages.deleteFailed, {
            description: communityMessages.deleteFailedDescription,
          }),
        onSettled,
      },
    );

  return {
    asking,
    setAsking,
    ask,
    reason,
    setReason,
    confirm: () => (asking === 'delete' ? confirmDelete() : asking && changeStatus(asking)),
    changingStatus: setStatus.isPending,
    busy: asking === 'delete' ? deletePost.isPending : setStatus.isPending,
  };
}

/**
 * A row's moderation actions: view, set any status, or delete for good, each after a dialog that
 * asks for an optional reason.
 */
export function PostActionsMenu({ post }: { post: AdminCommunityPost }) {
  const moderation = usePostModeration(post);
  const trigger = useRef<HTMLButtonElement>(null);
  // Kept while the dialog closes, so its words do not vanish during the closing animation.
  const lastAsked = useRef<PostAction>('delete');
  if (moderation.asking) lastAsked.current = moderation.asking;
  const dialog = dialogFor(lastAsked.current);

  return (
    <>
      <ActionsMenu
        label={`Actions: ${post.title}`}
        triggerRef={trigger}
        minWidth="min-w-44"
        groups={[
          [
            {
              key: 'view',
              label: communityMessages.viewPost,
              icon: ExternalLink,
              href: paths.communityPost.getHref(post.id),
            },
          ],
          statusActions.map(({ status, label, icon }) => ({
            key: status,
            label,
            icon,
            disabled: post.status === status || moderation.changingStatus,
            onSelect: () => moderation.ask(status),
          })),
          [
            {
              key: 'delete',
              label: communityMessages.deletePost,
              icon: Trash2,
              destructive: true,
              onSelect: () => moderation.ask('delete'),
            },
          ],
        ]}
      />
      <ConfirmDialog
        open={moderation.asking !== null}
        onOpenChange={(open) => {
          if (!open) moderation.setAsking(null);
        }}
        busy={moderation.busy}
        {...dialog}
        onConfirm={moderation.confirm}
        // Opened from the menu, not from a trigger of its own: focus goes back to the menu button.
        onCloseAutoFocus={(event) => returnFocus(event, trigger.current)}
      >
        <ReasonField
          value={moderation.reason}
          onChange={moderation.setReason}
          disabled={moderation.busy}
        />
      </ConfirmDialog>
    </>
  );
}
