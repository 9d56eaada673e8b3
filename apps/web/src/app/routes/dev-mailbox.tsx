import { pageTitles } from '@btcp/shared/paths';
import { Mailbox } from '#web/features/dev-mailbox/components/mailbox.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

export function Component() {
  useDocumentTitle(pageTitles.mailbox);
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <Mailbox />
    </div>
  );
}
