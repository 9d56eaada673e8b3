import { SearchHeader } from '../../../components/search-header.tsx';
import { Card } from '../../../components/ui/card.tsx';
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
import { countPages, usePagedSearch } from '../../../hooks/use-paged-search.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
import { useErrorToast } from '../hooks/use-error-toast.ts';
import { formatCount } from '../lib/format.ts';
import { UserRow } from './user-row.tsx';

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
  const { searchText, setSearchText, search, page, setPage } = usePagedSearch();
  const users = useAdminUsers({ search, page });
  useErrorToast('Failed to load users', users.error, users.errorUpdatedAt);

  const data = users.data;
  const pageCount = countPages(data);

  return (
    <Card>
      <SearchHeader
        id="admin-user-search"
        label="Search by email or username"
        placeholder="Search by email or username"
        value={searchText}
        onChange={setSearchText}
        onRefresh={() => void users.refetch()}
        refreshing={users.isFetching}
      />

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
          onPageChange={setPage}
          className="sm:justify-end"
        />
      </div>
    </Card>
  );
}
