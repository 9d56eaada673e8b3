import { SearchHeader } from '../../../components/search-header.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { TotalFooter } from '../../../components/ui/pagination.tsx';
import {
  Table,
  TableBody,
  TableColumnsRow,
  TableHeader,
  TableMessageRow,
  TableSkeletonRows,
} from '../../../components/ui/table.tsx';
import { useErrorToast } from '../../../hooks/use-error-toast.ts';
import { countPages, usePagedSearch } from '../../../hooks/use-paged-search.ts';
import { formatCount } from '../../../lib/format.ts';
import { useAdminUsers } from '../api/get-admin-users.ts';
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
          <TableColumnsRow columns={columns} alignEnd={['Referrals']} />
        </TableHeader>
        <TableBody>
          {users.isPending && <TableSkeletonRows columns={columns} className="max-sm:px-1" />}
          {users.isError && !data && (
            <TableMessageRow colSpan={columns.length}>Failed to load users</TableMessageRow>
          )}
          {data?.items.length === 0 && (
            <TableMessageRow colSpan={columns.length}>No users found.</TableMessageRow>
          )}
          {data?.items.map((user) => (
            <UserRow key={user.id} user={user} />
          ))}
        </TableBody>
      </Table>

      <TotalFooter
        total={data?.total}
        noun={['user', 'users']}
        label="User pages"
        page={page}
        pageCount={pageCount}
        busy={users.isFetching}
        onPageChange={setPage}
      />
    </Card>
  );
}
