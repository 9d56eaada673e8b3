import { paths } from '@btcp/shared/paths';
import type { Transaction } from '@btcp/shared/wallet';
import { walletMessages } from '@btcp/shared/wallet';
import { Pickaxe, Receipt } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '#web/components/ui/badge.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { EmptyState } from '#web/components/ui/empty-state.tsx';
import { PagedListTable } from '#web/components/ui/paged-list-table.tsx';
import { TableCell, TableRow } from '#web/components/ui/table.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { cn } from '#web/lib/cn.ts';
import { formatShortDateTime } from '#web/lib/format.ts';
import { useTransactions } from '../api/get-transactions.ts';
import { TransactionAmount } from './transaction-amount.tsx';

const columns = ['Date', 'Type', 'Description', 'Amount'] as const;

const typeLabels: Record<Transaction['type'], { label: string; className: string }> = {
  MINING: { label: 'Mining', className: 'border-primary/30 bg-accent text-accent-foreground' },
  REFERRAL: { label: 'Referral', className: 'border-success/30 bg-success/10 text-success' },
  ADMIN_ADJUSTMENT: { label: 'Adjustment', className: 'border-border bg-muted text-foreground' },
  STREAK_BONUS: {
    label: 'Streak bonus',
    className: 'border-success/30 bg-success/10 text-success',
  },
};

function TransactionRow({ transaction }: { transaction: Transaction }) {
  const type = typeLabels[transaction.type];
  return (
    <TableRow>
      <TableCell data-label="Date" className="whitespace-nowrap text-muted-foreground">
        <time dateTime={transaction.createdAt}>{formatShortDateTime(transaction.createdAt)}</time>
      </TableCell>
      <TableCell data-label="Type">
        <Badge className={cn('py-0.5 whitespace-nowrap', type.className)}>{type.label}</Badge>
      </TableCell>
      <TableCell data-label="Description" className="sm:min-w-48">
        {transaction.description}
      </TableCell>
      <TableCell data-label="Amount" className="text-right">
        <TransactionAmount amount={transaction.amount} />
      </TableCell>
    </TableRow>
  );
}

/** The transaction history, newest first, paged; new rows arrive live on page 1. */
export function TransactionsCard() {
  const [page, setPage] = useState(1);
  const transactions = useTransactions(page);
  useErrorToast(
    walletMessages.errorLoadingTransactions,
    transactions.error,
    transactions.errorUpdatedAt,
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Transaction history</CardTitle>
        <CardDescription>Every change to your balance, newest first.</CardDescription>
      </CardHeader>
      <PagedListTable
        loadingStatus="Loading transactions..."
        empty={
          <EmptyState
            icon={Receipt}
            title="No transactions yet"
            description="Rewards from mining and referrals will show up here."
            className="py-12"
          >
            <Link to={paths.dashboard.getHref()} className={buttonVariants({ className: 'mt-2' })}>
              <Pickaxe aria-hidden="true" className="size-4" />
              Go to Mining
            </Link>
          </EmptyState>
        }
        tableInset="px-3 pb-2 sm:px-4"
        label="Transactions"
        columns={columns}
        alignEnd={['Amount']}
        query={transactions}
        labelFirst
        skeletonWidth={(column) => (column === 'Description' ? 'w-48' : 'w-24')}
        errorMessage="Could not load your transactions."
        row={(transaction) => <TransactionRow key={transaction.id} transaction={transaction} />}
        pagination={{
          label: 'Transaction pages',
          showSinglePage: true,
          page,
          onPageChange: setPage,
        }}
      />
    </Card>
  );
}
