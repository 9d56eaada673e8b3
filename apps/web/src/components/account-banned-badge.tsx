import { Badge } from './ui/badge.tsx';

/** A banned user sees 'Account Banned' in the header, on every page. */
export function AccountBannedBadge() {
  return (
    <Badge className="shrink-0 border-destructive/40 bg-destructive/10 whitespace-nowrap text-destructive">
      Account Banned
    </Badge>
  );
}
