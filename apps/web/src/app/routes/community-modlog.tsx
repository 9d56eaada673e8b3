import { moderationLogMessages, publicModerationActions } from '@btcp/shared/moderation-log';
import { pageTitles, paths } from '@btcp/shared/paths';
import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Card } from '#web/components/ui/card.tsx';
import type { ModerationLogFilter } from '#web/features/moderation/api/get-moderation-log.ts';
import { usePublicModerationLog } from '#web/features/moderation/api/get-moderation-log.ts';
import { ModerationLogTable } from '#web/features/moderation/components/moderation-log-table.tsx';
import { useDocumentTitle } from '#web/hooks/use-document-title.ts';

/** The action and page in the address (?action=post.removed&page=2), so Back and links keep them. */
function useLogFilter() {
  const [params, setParams] = useSearchParams();
  const action = params.get('action') ?? '';
  const page = Number(params.get('page'));
  const filter: ModerationLogFilter = {
    action: (publicModerationActions as readonly string[]).includes(action) ? action : '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
    moderator: '',
  };
  const setFilter = (next: ModerationLogFilter) => {
    const query = new URLSearchParams();
    if (next.action) query.set('action', next.action);
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query, { preventScrollReset: true });
  };
  return [filter, setFilter] as const;
}

/**
 * /community/modlog: what the moderators did and why, for everyone to read, without their names
 * (as Lemmy's modlog). Rendered in the browser: nothing on it is worth a link preview.
 */
export function Component() {
  useDocumentTitle(pageTitles.communityModlog);
  const [filter, setFilter] = useLogFilter();
  const log = usePublicModerationLog({ page: filter.page, action: filter.action });
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-16 sm:px-6 lg:px-8 lg:pt-12">
      <Link
        to={paths.community.getHref()}
        className="inline-flex items-center gap-1.5 rounded-sm text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Community
      </Link>
      <h1 className="mt-4 text-3xl font-bold tracking-tight sm:text-4xl">
        {moderationLogMessages.title}
      </h1>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        {moderationLogMessages.publicDescription}
      </p>
      <Card className="mt-6">
        <ModerationLogTable
          query={log}
          showModerator={false}
          filter={filter}
          onFilterChange={setFilter}
        />
      </Card>
    </div>
  );
}
