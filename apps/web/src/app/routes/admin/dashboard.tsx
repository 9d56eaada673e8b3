import { pageTitles } from '@btcp/shared/paths';
import { AdminStatsCards } from '#web/features/admin/components/admin-stats-cards.tsx';
import { AdminSystemCard } from '#web/features/admin/components/admin-system-card.tsx';
import { PageHeader } from '#web/features/admin/components/page-header.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.adminDashboard);
  return (
    <>
      <PageHeader title="Admin Dashboard" description="The platform at a glance." />
      <AdminStatsCards />
      <div className="mt-6">
        <AdminSystemCard />
      </div>
    </>
  );
}
