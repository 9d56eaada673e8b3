import { communityMessages } from '@btcp/shared/community';
import { moderationLogMessages } from '@btcp/shared/moderation-log';
import { pageTitles } from '@btcp/shared/paths';
import { CommunityRulesCard } from '#web/components/community-rules-card.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { PageHeader } from '#web/features/admin/components/page-header.tsx';
import { CommunityPostsPanel } from '#web/features/moderation/components/community-posts-panel.tsx';
import { ModLogPanel } from '#web/features/moderation/components/mod-log-panel.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** Community moderation, for admins and moderators alike (D7). */
export function Component() {
  useDocumentTitle(pageTitles.adminCommunity);
  return (
    <>
      <PageHeader
        title={communityMessages.managementTitle}
        description="Review posts, flag or remove them, or delete them for good."
      />
      <Tabs defaultValue="posts">
        <TabsList className="sm:w-auto">
          <TabsTrigger value="posts" className="sm:px-6">
            {communityMessages.postsTab}
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
