import { PagedSearchCard } from '#web/components/paged-search-card.tsx';
import { TableSkeletonRows } from '#web/components/ui/table.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { usePagedSearch } from '#web/hooks/use-paged-search.ts';
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
  const paging = usePagedSearch();
  const users = useAdminUsers({ search: paging.search, page: paging.page });
  useErrorToast('Failed to load users', users.error, users.errorUpdatedAt);

  return (
    <PagedSearchCard
      searchBox={{
        id: 'admin-user-search',
        placeholder: 'Search by email or username',
      }}
      paging={paging}
      label="Users"
      columns={columns}
      alignEnd={['Referrals']}
      query={users}
      loading={<TableSkeletonRows columns={columns} className="max-sm:px-1" />}
      errorMessage="Failed to load users"
      emptyMessage="No users found."
      row={(user) => <UserRow key={user.id} user={user} />}
      noun={['user', 'users']}
      loadingStatus="Loading users..."
      pagesLabel="User pages"
    />
  );
}
