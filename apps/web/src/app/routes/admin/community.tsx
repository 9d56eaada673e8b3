import { communityMessages } from '@btcp/shared/community';
import { moderationLogMessages } from '@btcp/shared/moderation-log';
import { pageTitles } from '@btcp/shared/paths';
import { reportMessages } from '@btcp/shared/reports';
import { useSearchParams } from 'react-router';
import { CommunityRulesCard } from '#web/components/community-rules-card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { PageHeader } from '#web/features/admin/components/page-header.tsx';
import { CommunityPostsPanel } from '#web/features/moderation/components/community-posts-panel.tsx';
import { ModLogPanel } from '#web/features/moderation/components/mod-log-panel.tsx';
import { ReportsPanel } from '#web/features/moderation/components/reports-panel.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** Community moderation, for admins and moderators alike (D7). */
export function Component() {
  useDocumentTitle(pageTitles.adminCommunity);
  // ?tab=reports opens a tab directly (the dashboard's Open Reports links there).
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title={communityMessages.managementTitle}
        description="Review posts, flag or remove them, or delete them for good."
      />
      <Tabs defaultValue={params.get('tab') ?? 'posts'}>
        <TabsList className="h-auto flex-wrap sm:h-10 sm:w-auto sm:flex-nowrap">
          <TabsTrigger value="posts" className="sm:px-6">
            {communityMessages.postsTab}
          </TabsTrigger>
          <TabsTrigger value="reports" className="sm:px-6">
            {reportMessages.reportsTab}
          </TabsTrigger>
          <TabsTrigger value="rules" className="sm:px-6">
            {communityMessages.rulesTab}
          </TabsTrigger>
          <TabsTrigger value="modlog" className="sm:px-6">
            {moderationLogMessages.tab}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="posts">
          <CommunityPostsPanel />
        </TabsContent>
        <TabsContent value="reports">
          <ReportsPanel />
        </TabsContent>
        <TabsContent value="rules">
          <CommunityRulesCard />
        </TabsContent>
        <TabsContent value="modlog">
          <ModLogPanel />
        </TabsContent>
      </Tabs>
    </>
  );
}
