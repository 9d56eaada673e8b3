import {
  type AdminCommunityPost,
  type CommunityPostStatus,
  communityMessages,
} from '@btcp/shared/community';
import { paths } from '@btcp/shared/paths';
import {
  Ban,
  CircleCheck,
  ExternalLink,
  Flag,
  type LucideIcon,
  MoreHorizontal,
  Trash2,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/lib/toast.ts';
import { useDeletePost } from '../api/delete-post.ts';
import { useSetPostStatus } from '../api/set-post-status.ts';

const statusActions: { status: CommunityPostStatus; label: string; icon: LucideIcon }[] = [
  { status: 'active', label: communityMessages.markActive, icon: CircleCheck },
  { status: 'flagged', label: communityMessages.flagPost, icon: Flag },
  { status: 'removed', label: communityMessages.removePost, icon: Ban },
];

const itemClass =
  'flex h-9 cursor-default items-center gap-2 rounded-sm px-2 text-sm outline-none select-none data-[disabled]:pointer-events-none data-[disabled]:opacity-50 data-[highlighted]:bg-muted data-[highlighted]:text-foreground [&_svg]:size-4 [&_svg]:shrink-0';

/**
 * What the menu does to a post, with a toast for each outcome. It lives in the menu's owner, not in
 * the menu's content, which unmounts as the menu closes and would drop the mutations' callbacks.
 */
function usePostModeration(post: AdminCommunityPost) {
  const setStatus = useSetPostStatus();
  const deletePost = useDeletePost();
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const changeStatus = (status: CommunityPostStatus) =>
    setStatus.mutate(
      { id: post.id, status },
      {
        onSuccess: (updated) =>
          toast.success(communityMessages.statusUpdated, {
            description: communityMessages.statusUpdatedDescription(updated.status),
          }),
        onError: () =>
          toast.error(communityMessages.updateFailed, {
            description: communityMessages.updateFailedDescription,
          }),
      },
    );

  const confirmDelete = () =>
    deletePost.mutate(post.id, {
      onSuccess: () =>
        toast.success(communityMessages.adminDeleted, {
          description: communityMessages.adminDeletedDescription,
        }),
      onError: () =>
        toast.error(communityMessages.deleteFailed, {
          description: communityMessages.deleteFailedDescription,
        }),
      onSettled: () => setConfirmingDelete(false),
    });

  return {
    changeStatus,
    changingStatus: setStatus.isPending,
    confirmingDelete,
    setConfirmingDelete,
    confirmDelete,
    deleting: deletePost.isPending,
  };
}

/** A row's moderation actions: view, set any status, or delete for good after a confirm. */
export function PostActionsMenu({ post }: { post: AdminCommunityPost }) {
  const moderation = usePostModeration(post);
  const { confirmingDelete, setConfirmingDelete } = moderation;
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <>
      {/* Not modal: the confirm dialog opens from the menu and must own focus and pointer alone. */}
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <Button ref={trigger} variant="ghost" size="icon" aria-label={`Actions: ${post.title}`}>
            <MoreHorizontal aria-hidden="true" className="size-5" />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={4}
            className="z-50 min-w-44 rounded-md border border-border bg-card p-1 text-card-foreground shadow-md"
          >
            <DropdownMenu.Item asChild className={itemClass}>
              <a
                href={paths.communityPost.getHref(post.id)}
                target="_blank"
                rel="noopener noreferrer"
              >
                <ExternalLink aria-hidden="true" />
                {communityMessages.viewPost}
              </a>
            </DropdownMenu.Item>
            <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
            {statusActions.map(({ status, label, icon: Icon }) => (
              <DropdownMenu.Item
                key={status}
                className={itemClass}
                disabled={post.status === status || moderation.changingStatus}
                onSelect={() => moderation.changeStatus(status)}
              >
                <Icon aria-hidden="true" />
                {label}
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
            <DropdownMenu.Item
              className={`${itemClass} text-destructive data-[highlighted]:text-destructive`}
              onSelect={() => setConfirmingDelete(true)}
            >
              <Trash2 aria-hidden="true" />
              {communityMessages.deletePost}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        busy={moderation.deleting}
        title={communityMessages.deleteDialogTitle}
        description={communityMessages.deleteDialogText}
        onConfirm={moderation.confirmDelete}
        // Opened from the menu, not from a trigger of its own: give focus back to the menu button.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          trigger.current?.focus();
        }}
      />
    </>
  );
}
