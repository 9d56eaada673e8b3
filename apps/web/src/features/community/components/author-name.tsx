import { type Author, communityMessages } from '@btcp/shared/community';
import { Badge } from '#web/components/ui/badge.tsx';
import { authorName } from '../lib/format.ts';

/** 'Posted by u/name' (or 'u/Anonymous', 'u/Unknown'). */
export function PostedBy({ author }: { author: Author | null }) {
  return <span>{communityMessages.postedBy(authorName(author))}</span>;
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
