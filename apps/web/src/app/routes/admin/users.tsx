import { pageTitles } from '@btcp/shared/paths';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { PageHeader } from '#web/features/admin/components/page-header.tsx';
import { SignalsPanel } from '#web/features/admin/components/signals-panel.tsx';
import { UsersPanel } from '#web/features/admin/components/users-panel.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.adminUsers);
  // ?tab=signals opens the Signals tab directly.
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title="Users"
        description="Search users, make them moderators, or ban them. Every change is audited."
      />
      <Tabs defaultValue={params.get('tab') === 'signals' ? 'signals' : 'users'}>
        <TabsList className="sm:w-auto">
          <TabsTrigger value="users" className="sm:px-6">
            Users
          </TabsTrigger>
          <TabsTrigger value="signals" className="sm:px-6">
            Signals
          </TabsTrigger>
        </TabsList>
        <TabsContent value="users">
          <UsersPanel />
        </TabsContent>
        <TabsContent value="signals">
          <SignalsPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}
