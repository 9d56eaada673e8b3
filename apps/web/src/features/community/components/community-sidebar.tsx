import { communityMessages } from '@btcp/shared/community';
import { moderationLogMessages } from '@btcp/shared/moderation-log';
import { paths } from '@btcp/shared/paths';
import { CalendarDays, ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { CommunityRulesCard } from '#web/components/community-rules-card.tsx';
import { buttonVariants } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useDatedWords } from '#web/lib/dated-words.ts';
import { formatCount } from '#web/lib/format.ts';
import { useSignedIn } from '#web/lib/session.ts';
import { useCommunityStats } from '../api/get-community-stats.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "Created Jan 22, 2023" from the operator's "2023-01-22" (D30): the same words on the server and
 * in every browser, whatever their language or time zone, so hydrating never changes them.
 */
function communityCreatedLabel(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `Created ${MONTHS[(month ?? 1) - 1] ?? ''} ${date}, ${year}`;
}

function Figure({ label, value }: { label: string; value: number | undefined | null }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">
        {value === undefined ? (
          // As tall as the figure's line: the figure takes its place without moving anything.
          <Skeleton className="my-1 h-5 w-12" />
        ) : value === null ? (
          '—'
        ) : (
          formatCount(value)
        )}
      </dd>
    </div>
  );
}

/**
 * The community sidebar, with D19's real figures (posts, members and who is online now) and the
 * founding day the operator sets (D30).
 */
export function CommunitySidebar() {
  const signedIn = useSignedIn();
  const stats = useCommunityStats();
  const founded = useDatedWords().data?.communityFounded;
  // undefined: still loading; null: could not load (the list's own error says why).
  const figure = (key: 'posts' | 'members' | 'online') =>
    stats.data ? stats.data[key] : stats.isError ? null : undefined;
  return (
    <aside aria-label="About the community" className="grid content-start gap-4">
      <Card>
        <CardHeader className="pb-4">
          <CardTitle>{communityMessages.aboutTitle}</CardTitle>
          <p className="text-sm text-muted-foreground">
            A place for BTCP miners to talk about Bitcoin, mining and cryptocurrency: ask questions,
            share what you have learned and follow what is new.
          </p>
        </CardHeader>
        <CardContent className="grid gap-4">
          <dl className="grid grid-cols-3 gap-2 border-y border-border py-4">
            <Figure label="Posts" value={figure('posts')} />
            <Figure label="Members" value={figure('members')} />
            <Figure label="Online" value={figure('online')} />
          </dl>
          {founded ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <CalendarDays aria-hidden="true" className="size-4" />
              {communityCreatedLabel(founded)}
            </p>
          ) : null}
          {signedIn === false ? (
            <Link to={paths.login.getHref()} className={buttonVariants({ className: 'w-full' })}>
              {communityMessages.signInToPost}
            </Link>
          ) : null}
        </CardContent>
      </Card>
      <CommunityRulesCard compact />
      <Link
        to={paths.communityModlog.getHref()}
        className="inline-flex items-center gap-2 justify-self-start rounded-sm px-1 text-sm text-muted-foreground hover:text-foreground hover:underline"
      >
        <ScrollText aria-hidden="true" className="size-4" />
        {moderationLogMessages.sidebarLink}
      </Link>
    </aside>
  );
}
