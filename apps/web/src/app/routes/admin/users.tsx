import { pageTitles } from '@btcp/shared/paths';
import { PageHeader } from '#web/features/admin/components/page-header.tsx';
import { UsersPanel } from '#web/features/admin/components/users-panel.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.adminUsers);
  return (
    <>
      <PageHeader
        title="Users"
        description="Search users, make them moderators, or ban them. Every change is audited."
      />
      <UsersPanel />
    </>
  );
}
