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
import { type RefObject, useRef, useState } from 'react';
import { ReasonField } from '#web/components/moderation-reason-field.tsx';
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

/**
 * What the menu does to a post, with a toast for each outcome. It lives in the menu's owner, not in
 * the menu's content, which unmounts as the menu closes and would drop the mutations' callbacks.
 */
function usePostModeration(post: AdminCommunityPost) {
  const setStatus = useSetPostStatus();
  const deletePost = useDeletePost();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [confirmingStatus, setConfirmingStatus] = useState<CommunityPostStatus | null>(null);
  const [reason, setReason] = useState('');

  const ask = (status: CommunityPostStatus | 'delete') => {
    setReason('');
    if (status === 'delete') setConfirmingDelete(true);
    else setConfirmingStatus(status);
  };

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
        onSettled: () => setConfirmingStatus(null),
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
        onSettled: () => setConfirmingDelete(false),
      },
    );

  return {
    ask,
    reason,
    setReason,
    confirmingStatus,
    setConfirmingStatus,
    changeStatus,
    changingStatus: setStatus.isPending,
    confirmingDelete,
    setConfirmingDelete,
    confirmDelete,
    deleting: deletePost.isPending,
  };
}

/** The dialogs of the status actions and of Delete, each asking for an optional reason. */
function ReasonDialogs({
  moderation,
  trigger,
}: {
  moderation: ReturnType<typeof usePostModeration>;
  trigger: RefObject<HTMLButtonElement | null>;
}) {
  const { confirmingDelete, setConfirmingDelete, confirmingStatus } = moderation;
  // Kept while the dialog closes, so its words do not vanish during the closing animation.
  const lastStatus = useRef<CommunityPostStatus | null>(null);
  if (confirmingStatus) lastStatus.current = confirmingStatus;
  const statusDialog = lastStatus.current ? statusDialogs[lastStatus.current] : null;
  // Opened from the menu, not from a trigger of its own: give focus back to the menu button.
  const backToMenu = (event: Event) => {
    event.preventDefault();
    trigger.current?.focus();
  };
  return (
    <>
      {statusDialog ? (
        <ConfirmDialog
          open={confirmingStatus !== null}
          onOpenChange={(open) => {
            if (!open) moderation.setConfirmingStatus(null);
          }}
          busy={moderation.changingStatus}
          title={statusDialog.title}
          description={statusDialog.description}
          confirmLabel="Confirm"
          busyLabel="Saving..."
          onConfirm={() => confirmingStatus && moderation.changeStatus(confirmingStatus)}
          onCloseAutoFocus={backToMenu}
        >
          <ReasonField
            value={moderation.reason}
            onChange={moderation.setReason}
            disabled={moderation.changingStatus}
          />
        </ConfirmDialog>
      ) : null}

      <ConfirmDialog
        open={confirmingDelete}
        onOpenChange={setConfirmingDelete}
        busy={moderation.deleting}
        title={communityMessages.deleteDialogTitle}
        description={communityMessages.deleteDialogText}
        onConfirm={moderation.confirmDelete}
        onCloseAutoFocus={backToMenu}
      >
        <ReasonField
          value={moderation.reason}
          onChange={moderation.setReason}
          disabled={moderation.deleting}
        />
      </ConfirmDialog>
    </>
  );
}

/**
 * A row's moderation actions: view, set any status, or delete for good, each after a dialog that
 * asks for an optional reason.
 */
export function PostActionsMenu({ post }: { post: AdminCommunityPost }) {
  const moderation = usePostModeration(post);
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
                onSelect={() => moderation.ask(status)}
              >
                <Icon aria-hidden="true" />
                {label}
              </DropdownMenu.Item>
            ))}
            <DropdownMenu.Separator className="-mx-1 my-1 h-px bg-border" />
            <DropdownMenu.Item
              className={`${itemClass} text-destructive data-[highlighted]:text-destructive`}
              onSelect={() => moderation.ask('delete')}
            >
              <Trash2 aria-hidden="true" />
              {communityMessages.deletePost}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>

      <ReasonDialogs moderation={moderation} trigger={trigger} />
    </>
  );
}
