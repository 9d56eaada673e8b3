import { type Author, communityMessages } from '@btcp/shared/community';
import { memberName, memberNameMessages } from '@btcp/shared/member-names';
import { Badge } from '#web/components/ui/badge.tsx';

/** 'Posted by u/name', 'Posted by Member #3fa9c1' or 'Posted by Deleted account'. */
export function PostedBy({ author }: { author: Author | null }) {
  return <span>{communityMessages.postedBy(memberName(author))}</span>;
}

/** A banned author's posts carry a 'Banned User' badge. */
export function BannedBadge({ author }: { author: Author | null }) {
  if (!author?.isBanned) return null;
  return (
    <Badge className="border-destructive/40 bg-destructive/10 py-0.5 text-destructive">
      {communityMessages.bannedUser}
    </Badge>
  );
}

/** A short mark beside a name, read out in words ("you" → "(you)", "OP" → "(original poster)"). */
function NameBadge({ mark, words, className }: { mark: string; words: string; className: string }) {
  return (
    <Badge className={`py-0.5 ${className}`} title={words.replace(/[()]/g, '')}>
      <span aria-hidden="true">{mark}</span>
      <span className="sr-only">{words}</span>
    </Badge>
  );
}

/** "you" on the reader's own words; "OP" on the post author's comments in its thread. */
export function NameBadges({ mine, op = false }: { mine: boolean; op?: boolean }) {
  return (
    <>
      {op ? (
        <NameBadge
          mark={memberNameMessages.originalPoster}
          words={memberNameMessages.originalPosterDescription}
          className="border-primary/40 bg-accent text-accent-foreground"
        />
      ) : null}
      {mine ? (
        <NameBadge
          mark={memberNameMessages.you}
          words={memberNameMessages.youDescription}
          className="border-border bg-muted text-foreground"
        />
      ) : null}
    </>
  );
}
