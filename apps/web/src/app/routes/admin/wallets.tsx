import { pageTitles } from '@btcp/shared/paths';
import { PageHeader } from '#web/features/admin/components/page-header.tsx';
import { WalletsPanel } from '#web/features/admin/components/wallets-panel.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.adminWallets);
  return (
    <>
      <PageHeader
        title="Manage Wallets"
        description="Find a user's wallet and set, add to or remove from its balance. Every change is audited."
      />
      <WalletsPanel />
    </>
  );
}
