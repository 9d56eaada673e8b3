import { moderationLogMessages } from '@btcp/shared/moderation-log';
import { useState } from 'react';
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { type ModerationLogFilter, useModerationLog } from '../api/get-moderation-log.ts';
import { ModerationLogTable } from './moderation-log-table.tsx';

/** The Mod Log tab of /admin/community: every moderation action with who did it and why. */
export function ModLogPanel() {
  const [filter, setFilter] = useState<ModerationLogFilter>({ page: 1, action: '', moderator: '' });
  const log = useModerationLog(filter);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{moderationLogMessages.title}</CardTitle>
        <CardDescription>{moderationLogMessages.description}</CardDescription>
      </CardHeader>
      <ModerationLogTable
        query={log}
        showModerator
        filter={filter}
        onFilterChange={setFilter}
        moderators={log.data?.moderators ?? []}
      />
    </Card>
  );
}
