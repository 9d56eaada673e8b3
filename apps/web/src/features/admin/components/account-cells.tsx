import { accountName, memberNameMessages, type NamedMember } from '@btcp/shared/member-names';
import type { ReactNode } from 'react';
import { TableCell } from '#web/components/ui/table.tsx';

/**
 * The first two cells of an admin table of accounts: the email, which heads the row when stacked,
 * and the name the community shows (decision 055), the username or "Member #<tag>" in muted
 * italics, or "Deleted account" for an account deleted (`member` null). `marker` follows the email
 * (a "Deleted" badge).
 */
export function AccountCells({
  email,
  member,
  marker,
}: {
  email: string;
  member: NamedMember | null;
  marker?: ReactNode;
}) {
  return (
    <>
      <TableCell className="font-medium break-all max-sm:text-base max-sm:font-semibold">
        {email}
        {marker}
      </TableCell>
      <TableCell
        data-label="Username"
        className={member?.username ? undefined : 'text-muted-foreground italic'}
      >
        {member ? accountName(member) : memberNameMessages.deletedAccount}
      </TableCell>
    </>
  );
}
