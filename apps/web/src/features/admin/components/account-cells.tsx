import type { ReactNode } from 'react';
import { TableCell } from '#web/components/ui/table.tsx';

/**
 * The first two cells of an admin table of accounts: the email, which heads the row when stacked,
 * and the username, or `fallback` in muted italics for an account without one. `marker` follows the
 * email (a "Deleted" badge).
 */
export function AccountCells({
  email,
  username,
  fallback,
  marker,
}: {
  email: string;
  username: string | null;
  fallback: string;
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
        className={username ? undefined : 'text-muted-foreground italic'}
      >
        {username || fallback}
      </TableCell>
    </>
  );
}
