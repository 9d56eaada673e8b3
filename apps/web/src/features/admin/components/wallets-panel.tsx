import { walletMessages } from '@btcp/shared/wallet';
import { RefreshCw, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAdminWallets } from '../api/get-admin-wallets.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { useErrorToast } from '../hooks/use-error-toast.ts';
import { formatCoinAmount, formatCount } from '../lib/format.ts';
import { ManageWalletDialog } from './manage-wallet-dialog.tsx';

const SEARCH_DELAY_MS = 300;
const columnCount = 4;

function MessageRow({ children }: { children: string }) {
  return (
    <TableRow className="hover:bg-transparent">
      <TableCell colSpan={columnCount} className="py-10 text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}

/** Spec §2 "/admin/wallets": every user's balance, searched and paged on the server. */
export function WalletsPanel() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  // A page number belongs to the search it was chosen for; a new search starts at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const wallets = useAdminWallets({ search, page });
  useErrorToast(walletMessages.failedToLoad, wallets.error, wallets.errorUpdatedAt);

  const data = wallets.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const goTo = (next: number) => setPaging({ search, page: next });

  return (
    <Card>
      <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <Label htmlFor="admin-wallet-search" className="sr-only">
            Search by email or username
          </Label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="admin-wallet-search"
            type="search"
            placeholder="Search by email or username"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className="pl-9"
          />
        </div>
        <Button
          variant="outline"
          onClick={() => void wallets.refetch()}
          disabled={wallets.isFetching}
        >
          <RefreshCw
            aria-hidden="true"
            className={cn('size-4', wallets.isFetching && 'animate-spin')}
          />
          Refresh
        </Button>
      </div>

      <p role="status" className="sr-only">
        {data && !wallets.isPending && `${formatCount(data.total)} wallets found`}
      </p>
      <Table stacked label="Wallets" aria-busy={wallets.isFetching || undefined}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            <TableHead>Email</TableHead>
            <TableHead>Username</TableHead>
            <TableHead className="text-right">Wallet Balance</TableHead>
            <TableHead>Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {wallets.isPending && <MessageRow>Loading wallet data...</MessageRow>}
          {wallets.isError && !data && <MessageRow>{walletMessages.failedToLoad}</MessageRow>}
          {data?.items.length === 0 && <MessageRow>No wallets found.</MessageRow>}
          {data?.items.map((wallet) => (
            <TableRow key={wallet.userId} className="max-sm:px-1">
              <TableCell className="font-medium max-sm:text-base max-sm:font-semibold">
                {wallet.email}
              </TableCell>
              <TableCell
                data-label="Username"
                className={wallet.username ? undefined : 'text-muted-foreground italic'}
              >
                {wallet.username || 'N/A'}
              </TableCell>
              <TableCell
                data-label="Wallet Balance"
                className="text-right font-mono whitespace-nowrap tabular-nums"
              >
                {formatCoinAmount(wallet.balance)}
              </TableCell>
              <TableCell className="max-sm:pt-2">
                <ManageWalletDialog wallet={wallet} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>

      <div className="flex flex-col gap-3 border-t border-border p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground">
          Total: {data ? formatCount(data.total) : '–'} {data?.total === 1 ? 'wallet' : 'wallets'}
        </p>
        <Pagination
          label="Wallet pages"
          page={page}
          pageCount={pageCount}
          busy={wallets.isFetching}
          onPageChange={goTo}
          className="sm:justify-end"
        />
      </div>
    </Card>
  );
}
