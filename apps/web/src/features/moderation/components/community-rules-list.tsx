import { communityMessages, communityRules } from '@btcp/shared/community';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';

/** The five rules as members read them beside the community feed; fixed, so read-only here. */
export function CommunityRulesList() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{communityMessages.rulesTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-3">
          {communityRules.map((rule, index) => (
            <li key={rule} className="flex items-baseline gap-3">
              <span
                aria-hidden="true"
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground"
              >
                {index + 1}
              </span>
              <span>{rule}</span>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
