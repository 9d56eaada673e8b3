import type { CommunityPostStatus } from '@btcp/shared/community';
import { Badge } from '#web/components/ui/badge.tsx';

const looks: Partial<Record<CommunityPostStatus, { label: string; className: string }>> = {
  flagged: {
    label: 'Flagged',
    className: 'border-amber-500/40 bg-amber-500/10 text-amber-800 dark:text-amber-300',
  },
  // Only staff are sent a removed post (D17); everyone else gets 'Post Not Found'.
  removed: {
    label: 'Removed',
    className: 'border-destructive/40 bg-destructive/10 text-destructive',
  },
};

/** Flagged is yellow, removed destructive; an active post needs no badge. */
export function StatusBadge({ status }: { status: CommunityPostStatus }) {
  const look = looks[status];
  if (!look) return null;
  return <Badge className={`py-0.5 ${look.className}`}>{look.label}</Badge>;
}
