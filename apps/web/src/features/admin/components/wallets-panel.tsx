import { formatCoinAmount } from '@btcp/shared/decimal';
import { type AdminWallet, walletMessages } from '@btcp/shared/wallet';
import { PagedSearchCard } from '#web/components/paged-search-card.tsx';
import { TableCell, TableMessageRow, TableRow } from '#web/components/ui/table.tsx';
import { usePagedList } from '#web/hooks/use-paged-list.ts';
import { useAdminWallets } from '../api/get-admin-wallets.ts';
import { AccountCells } from './account-cells.tsx';
import { ManageWalletDialog } from './manage-wallet-dialog.tsx';

const columns = ['Email', 'Username', 'Wallet Balance', 'Actions'];

function WalletRow({ wallet }: { wallet: AdminWallet }) {
  return (
    <TableRow className="max-sm:px-1">
      <AccountCells email={wallet.email} member={wallet} />
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
  );
}

/** /admin/wallets: every user's balance, searched and paged on the server. */
export function WalletsPanel() {
  const list = usePagedList(useAdminWallets, { title: walletMessages.failedToLoad });
  return (
    <PagedSearchCard
      searchBox={{ placeholder: 'Search by email or username' }}
      list={list}
      label="Wallets"
      columns={columns}
      alignEnd={['Wallet Balance']}
      loading={<TableMessageRow colSpan={columns.length}>Loading wallet data...</TableMessageRow>}
      emptyMessage="No wallets found."
      row={(wallet) => <WalletRow key={wallet.userId} wallet={wallet} />}
      noun={['wallet', 'wallets']}
      pagesLabel="Wallet pages"
    />
  );
}
