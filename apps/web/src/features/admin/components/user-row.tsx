import type { AdminUser, UpdateAdminUserBody } from '@btcp/shared/admin';
import { useState } from 'react';
import { ReasonField } from '#web/components/moderation-reason-field.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { Switch } from '#web/components/ui/switch.tsx';
import { TableCell, TableRow } from '#web/components/ui/table.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { formatShortDate } from '#web/lib/format.ts';
import { toast } from '#web/lib/toast.ts';
import { useUpdateAdminUser } from '../api/update-admin-user.ts';
import { AccountCells } from './account-cells.tsx';
import { EndSessionsButton } from './end-sessions-button.tsx';
import { ModeratorButton } from './moderator-button.tsx';

function describeChange(email: string, changes: UpdateAdminUserBody): string {
  if (changes.isBanned !== undefined) {
    return changes.isBanned ? `${email} is now banned.` : `${email} is no longer banned.`;
  }
  return changes.isModerator
    ? `${email} is now a moderator.`
    : `${email} is no longer a moderator.`;
}

/** Saves a change to one user's flags and says how it went; a ban's toast offers Undo. */
function useSaveUser(user: AdminUser) {
  const update = useUpdateAdminUser();
  const save = (changes: UpdateAdminUserBody, failure: string) => {
    if (update.isPending) return;
    update.mutate(
      { id: user.id, changes },
      {
        onSuccess: () =>
          toast.success('User updated', {
            description: describeChange(user.email, changes),
            ...(changes.isBanned
              ? {
                  action: {
                    label: 'Undo',
                    onClick: () => save({ isBanned: false }, 'Failed to update user ban status'),
                  },
                }
              : {}),
          }),
        onError: (error) =>
          toast.error(failure, {
            description: error instanceof ApiRequestError ? error.message : undefined,
          }),
      },
    );
  };
  return { save, isPending: update.isPending };
}

type SaveUser = ReturnType<typeof useSaveUser>['save'];

/**
 * The switch of one of the user's flags, named for the flag and the user. While a change is saved
 * it is aria-disabled, not disabled: focus may rest on (or be sent to) a switch meanwhile.
 */
function FlagSwitch({
  flag,
  user,
  checked,
  busy,
  onCheckedChange,
}: {
  flag: string;
  user: AdminUser;
  checked: boolean;
  busy?: true;
  onCheckedChange: (checked: boolean) => void;
}) {
  return (
    <Switch
      aria-label={`${flag}: ${user.email}`}
      checked={checked}
      aria-disabled={busy}
      className="aria-disabled:cursor-progress aria-disabled:opacity-50"
      onCheckedChange={onCheckedChange}
    />
  );
}

/** The change with the reason given in its dialog, if any (the moderation log keeps it). */
const withReason = (changes: UpdateAdminUserBody, reason: string): UpdateAdminUserBody =>
  reason.trim() ? { ...changes, reason: reason.trim() } : changes;

/** The ban switch: lifting a ban saves at once, imposing one asks first. */
function BanCell({ user, busy, save }: { user: AdminUser; busy?: true; save: SaveUser }) {
  const [confirmingBan, setConfirmingBan] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <TableCell data-label="Banned">
      <FlagSwitch
        flag="Banned"
        user={user}
        checked={user.isBanned}
        busy={busy}
        onCheckedChange={(isBanned) => {
          if (isBanned) {
            setReason('');
            setConfirmingBan(true);
          } else save({ isBanned }, 'Failed to update user ban status');
        }}
      />
      <ConfirmDialog
        open={confirmingBan}
        onOpenChange={setConfirmingBan}
        title={`Ban ${user.email}?`}
        description="They can still sign in and read, but can no longer mine, post, comment, vote or moderate, and earn no referral bonus. You can lift the ban at any time."
        confirmLabel="Ban user"
        onConfirm={() => {
          setConfirmingBan(false);
          save(withReason({ isBanned: true }, reason), 'Failed to update user ban status');
        }}
      >
        <ReasonField value={reason} onChange={setReason} />
      </ConfirmDialog>
    </TableCell>
  );
}

/** What every row shows between the account and the switches, deleted or not. */
function ReferralAndJoinedCells({ user }: { user: AdminUser }) {
  return (
    <>
      <TableCell data-label="Referral Code" className="font-mono text-xs">
        {user.referralCode}
      </TableCell>
      <TableCell data-label="Referrals" className="text-right tabular-nums">
        {user.referralsCount}
      </TableCell>
      <TableCell data-label="Joined" className="whitespace-nowrap">
        {formatShortDate(user.createdAt)}
      </TableCell>
    </>
  );
}

/**
 * A deleted account (decision 029): marked, its placeholder address shown, and no switches or
 * actions, since nobody can sign in to it (the server refuses them too).
 */
function DeletedUserRow({ user }: { user: AdminUser }) {
  const notApplicable = (label: string) => (
    <TableCell data-label={label} className="text-muted-foreground">
      <span aria-hidden="true">—</span>
      <span className="sr-only">Not applicable to a deleted account</span>
    </TableCell>
  );
  return (
    <TableRow className="bg-muted/40 max-sm:px-1">
      <AccountCells
        email={user.email}
        member={null}
        marker={<Badge className="ml-2 border-destructive/40 text-destructive">Deleted</Badge>}
      />
      <ReferralAndJoinedCells user={user} />
      {notApplicable('Moderator')}
      {notApplicable('Banned')}
      <TableCell className="text-sm text-muted-foreground max-sm:pt-2">
        Deleted {user.deletedAt ? formatShortDate(user.deletedAt) : ''}
      </TableCell>
    </TableRow>
  );
}

/**
 * One user with their flags: each switch saves at once and flips back if the server refuses. A ban
 * asks first (it takes mining, posting and a moderator's powers away at once) and offers Undo.
 */
export function UserRow({ user }: { user: AdminUser }) {
  if (user.deletedAt) return <DeletedUserRow user={user} />;
  return <ActiveUserRow user={user} />;
}

function ActiveUserRow({ user }: { user: AdminUser }) {
  const { save, isPending } = useSaveUser(user);
  const busy = isPending || undefined;

  return (
    <TableRow className="max-sm:px-1">
      <AccountCells email={user.email} member={user} />
      <ReferralAndJoinedCells user={user} />
      <TableCell data-label="Moderator">
        <FlagSwitch
          flag="Moderator"
          user={user}
          checked={user.isModerator}
          busy={busy}
          onCheckedChange={(isModerator) =>
            save({ isModerator }, 'Failed to update moderator status')
          }
        />
      </TableCell>
      <BanCell user={user} busy={busy} save={save} />
      <TableCell className="flex flex-wrap gap-2 max-sm:pt-2">
        <EndSessionsButton user={user} />
        <ModeratorButton
          user={user}
          busy={isPending}
          onChange={(isModerator, reason) =>
            save(withReason({ isModerator }, reason), 'Failed to update moderator status')
          }
        />
      </TableCell>
    </TableRow>
  );
}
