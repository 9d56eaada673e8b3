import type { CommunityPostStatus } from '@btcp/shared/community';
import { Badge } from '#web/components/ui/badge.tsx';
import { cn } from '#web/lib/cn.ts';

const labels: Record<CommunityPostStatus, string> = {
  active: 'Active',
  flagged: 'Flagged',
  removed: 'Removed',
};

// Active green, flagged yellow, removed destructive. Each pair passes WCAG AA in both themes.
const styles: Record<CommunityPostStatus, string> = {
  active:
    'border-green-700/30 bg-green-100 text-green-800 dark:border-green-400/40 dark:bg-green-950 dark:text-green-300',
  flagged:
    'border-yellow-700/30 bg-yellow-100 text-yellow-900 dark:border-yellow-400/40 dark:bg-yellow-950 dark:text-yellow-200',
  removed: 'border-transparent bg-destructive text-destructive-foreground',
};

export function PostStatusBadge({ status }: { status: CommunityPostStatus }) {
  return <Badge className={cn('whitespace-nowrap', styles[status])}>{labels[status]}</Badge>;
}
