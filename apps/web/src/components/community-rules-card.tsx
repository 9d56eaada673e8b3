import { communityMessages, communityRules } from '@btcp/shared/community';
import { cn } from '#web/lib/cn.ts';
import { Card, CardContent, CardHeader, CardTitle } from './ui/card.tsx';

// Beside the feed the card is narrow, so its text and numbers are a size smaller.
const looks = {
  compact: {
    header: 'pb-4',
    list: 'text-sm',
    item: undefined,
    number: 'inline-flex size-6 text-xs',
    rule: 'pt-0.5',
  },
  full: {
    header: undefined,
    list: undefined,
    item: 'items-baseline',
    number: 'flex size-7 text-sm',
    rule: undefined,
  },
};

/**
 * The community rules, numbered: members read them beside the feed (`compact`), moderators on the
 * admin community page. They are fixed, so the card only shows them.
 */
export function CommunityRulesCard({ compact = false }: { compact?: boolean }) {
  const look = compact ? looks.compact : looks.full;
  return (
    <Card>
      <CardHeader className={look.header}>
        <CardTitle>{communityMessages.rulesTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className={cn('grid gap-3', look.list)}>
          {communityRules.map((rule, index) => (
            <li key={rule} className={cn('flex gap-3', look.item)}>
              <span
                aria-hidden="true"
                className={cn(
                  'shrink-0 items-center justify-center rounded-full bg-accent font-semibold text-accent-foreground',
                  look.number,
                )}
              >
                {index + 1}
              </span>
              <span className={look.rule}>{rule}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
