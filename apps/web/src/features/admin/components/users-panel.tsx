import { PagedSearchCard } from '#web/components/paged-search-card.tsx';
import { usePagedList } from '#web/hooks/use-paged-list.ts';
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
  const list = usePagedList(useAdminUsers, { title: 'Failed to load users' });
  return (
    <PagedSearchCard
      searchBox={{ placeholder: 'Search by email or username' }}
      list={list}
      label="Users"
      columns={columns}
      alignEnd={['Referrals']}
      emptyMessage="No users found."
      row={(user) => <UserRow key={user.id} user={user} />}
      noun={['user', 'users']}
      loadingStatus="Loading users..."
      pagesLabel="User pages"
    />
  );
}
