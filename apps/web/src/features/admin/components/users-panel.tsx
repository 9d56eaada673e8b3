import { RefreshCw, Search } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Pagination } from '../../../components/ui/pagination.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../../../components/ui/table.tsx';
import { cn } from '../../../lib/cn.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { useErrorToast } from '../hooks/use-error-toast.ts';
import { formatCount } from '../lib/format.ts';
import { UserRow } from './user-row.tsx';

const SEARCH_DELAY_MS = 300;
const columns = [
  'Email',
  'Username',
  'Referral Code',
  'Referrals',
  'Joined',
  'Moderator',
  'Banned',
  'Actions',
];

function SkeletonRows() {
  return Array.from({ length: 5 }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with nothing else to tell them apart
    <TableRow key={row} className="max-sm:px-1">
      {columns.map((column) => (
        <TableCell key={column} data-label={column === 'Email' ? undefined : column}>
          <Skeleton className="h-5 w-full min-w-12" />
        </TableCell>
      ))}
    </TableRow>
  ));
}

function MessageRow({ children }: { children: string }) {
  return (
    <TableRow>
      <TableCell colSpan={columns.length} className="py-10 text-center text-muted-foreground">
        {children}
      </TableCell>
    </TableRow>
  );
}

/** The user list: server-side search and pages, with the ban and moderator flags. */
export function UsersPanel() {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), SEARCH_DELAY_MS);
  // A page number belongs to the search it was chosen for; a new search starts at page 1.
  const [paging, setPaging] = useState({ search: '', page: 1 });
  const page = paging.search === search ? paging.page : 1;
  const users = useAdminUsers({ search, page });
  useErrorToast('Failed to load users', users.error, users.errorUpdatedAt);

  const data = users.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const goTo = (next: number) => setPaging({ search, page: next });

  return (
    <Card>
      <div className="flex flex-col gap-3 border-b border-border p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="relative w-full sm:max-w-sm">
          <Label htmlFor="admin-user-search" className="sr-only">
            Search by email or username
          </Label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id="admin-user-search"
            type="search"
            placeholder="Search by email or username"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
            className="pl-9"
          />
        </div>
        <Button variant="outline" onClick={() => void users.refetch()} disabled={users.isFetching}>
          <RefreshCw
            aria-hidden="true"
            className={cn('size-4', users.isFetching && 'animate-spin')}
          />
          Refresh
        </Button>
      </div>

      <p role="status" className="sr-only">
        {users.isPending ? 'Loading users...' : data && `${formatCount(data.total)} users found`}
      </p>
      <Table stacked label="Users" aria-busy={users.isFetching || undefined}>
        <TableHeader>
          <TableRow className="hover:bg-transparent">
            {columns.map((column) => (
              <TableHead key={column} className={column === 'Referrals' ? 'text-right' : undefined}>
                {column}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {users.isPending && <SkeletonRows />}
          {users.isError && !data && <MessageRow>Failed to load users</MessageRow>}
          {data?.items.length === 0 && <MessageRow>No users found.</MessageRow>}
          {data?.items.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </TableBody>
      </Table>

      <div className="flex flex-col gap-3 border-t border-border p-4 text-sm sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted-foreground">
          Total: {data ? formatCount(data.total) : '–'} {data?.total === 1 ? 'user' : 'users'}
        </p>
        <Pagination
          label="User pages"
          page={page}
          pageCount={pageCount}
          busy={users.isFetching}
          onPageChange={goTo}
          className="sm:justify-end"
        />
      </div>
    </Card>
  );
}
