import { TableCell } from '#web/components/ui/table.tsx';

/**
 * The first two cells of an admin table of accounts: the email, which heads the row when stacked,
 * and the username, or `fallback` in muted italics for an account without one.
 */
export function AccountCells({
  email,
  username,
  fallback,
}: {
  email: string;
  username: string | null;
  fallback: string;
}) {
  return (
    <>
      <TableCell className="font-medium max-sm:text-base max-sm:font-semibold">{email}</TableCell>
      <TableCell
        data-label="Username"
        className={username ? undefined : 'text-muted-foreground italic'}
      >
        {username || fallback}
      </TableCell>
    </>
  );
}
