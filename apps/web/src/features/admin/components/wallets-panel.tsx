import { formatCoinAmount } from '@btcp/shared/decimal';
import { walletMessages } from '@btcp/shared/wallet';
import { SearchHeader } from '../../../components/search-header.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TotalFooter } from '../../../components/ui/pagination.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableColumnsRow,
  TableHeader,
  TableMessageRow,
  TableRow,
} from '../../../components/ui/table.tsx';
import { useErrorToast } from '../../../hooks/use-error-toast.ts';
import { countPages, usePagedSearch } from '../../../hooks/use-paged-search.ts';
import { formatCount } from '../../../lib/format.ts';
import { useAdminWallets } from '../api/get-admin-wallets.ts';
import { ManageWalletDialog } from './manage-wallet-dialog.tsx';

const columns = ['Email', 'Username', 'Wallet Balance', 'Actions'];

/** Spec §2 "/admin/wallets": every user's balance, searched and paged on the server. */
export function WalletsPanel() {
  const { searchText, setSearchText, search, page, setPage } = usePagedSearch();
  const wallets = useAdminWallets({ search, page });
  useErrorToast(walletMessages.failedToLoad, wallets.error, wallets.errorUpdatedAt);

  const data = wallets.data;
  const pageCount = countPages(data);

  return (
    <Card>
      <SearchHeader
        id="admin-wallet-search"
        label="Search by email or username"
        placeholder="Search by email or username"
        value={searchText}
        onChange={setSearchText}
        onRefresh={() => void wallets.refetch()}
        refreshing={wallets.isFetching}
      />

      <p role="status" className="sr-only">
        {data && !wallets.isPending && `${formatCount(data.total)} wallets found`}
      </p>
      <Table stacked label="Wallets" aria-busy={wallets.isFetching || undefined}>
        <TableHeader>
          <TableColumnsRow columns={columns} alignEnd={['Wallet Balance']} />
        </TableHeader>
        <TableBody>
          {wallets.isPending && (
            <TableMessageRow colSpan={columns.length}>Loading wallet data...</TableMessageRow>
          )}
          {wallets.isError && !data && (
            <TableMessageRow colSpan={columns.length}>
              {walletMessages.failedToLoad}
            </TableMessageRow>
          )}
          {data?.items.length === 0 && (
            <TableMessageRow colSpan={columns.length}>No wallets found.</TableMessageRow>
          )}
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

      <TotalFooter
        total={data?.total}
        noun={['wallet', 'wallets']}
        label="Wallet pages"
        page={page}
        pageCount={pageCount}
        busy={wallets.isFetching}
        onPageChange={setPage}
      />
    </Card>
  );
}
