import { formatCoinAmount } from '@btcp/shared/decimal';
import { accountName, memberNameMessages } from '@btcp/shared/member-names';
import type { SignalAccount } from '@btcp/shared/signals';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '#web/components/ui/table.tsx';
import { formatShortDate } from '#web/lib/format.ts';

const statusText: Record<SignalAccount['status'], string> = {
  active: 'Active',
  unverified: 'Unverified',
  banned: 'Banned',
  deleted: 'Deleted',
};

/**
 * A cluster's accounts, newest first. Addresses and names are the members' own text: they wrap
 * anywhere, so none can widen the page.
 */
export function SignalAccountsTable({ accounts }: { accounts: SignalAccount[] }) {
  return (
    <Table label="Accounts of this cluster">
      <TableHeader>
        <TableRow>
          <TableHead>Email</TableHead>
          <TableHead>Username</TableHead>
          <TableHead>Joined</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Balance</TableHead>
          <TableHead>Mining now</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {accounts.map((account) => (
          <TableRow key={account.id}>
            <TableCell className="min-w-44 max-w-56 break-all">{account.email}</TableCell>
            <TableCell className="min-w-28 max-w-40 break-all">
              {account.status === 'deleted'
                ? memberNameMessages.deletedAccount
                : accountName(account)}
            </TableCell>
            <TableCell className="whitespace-nowrap">
              {formatShortDate(account.createdAt)}
            </TableCell>
            <TableCell>{statusText[account.status]}</TableCell>
            <TableCell className="text-right font-mono tabular-nums">
              {formatCoinAmount(account.balance)}
            </TableCell>
            <TableCell>{account.miningNow ? 'Yes' : 'No'}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
