import {
  type CommunitySort,
  type CommunityTopic,
  communitySortLabels,
  communitySorts,
  communityTopicLabels,
  communityTopics,
  EVERYWHERE_LABEL,
} from '@btcp/shared/community';
import { Flame, Sparkles, TrendingUp } from 'lucide-react';
import { useId } from 'react';
import { Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/cn.ts';
import type { PostListFilter } from '../api/query-keys.ts';
import { NativeSelect } from './native-select.tsx';

const sortIcons = { hot: Flame, new: Sparkles, top: TrendingUp } as const;

interface ListControlsProps {
  filter: PostListFilter;
  onSortChange: (sort: CommunitySort) => void;
  onTopicChange: (topic: CommunityTopic | null) => void;
}

const isTopic = (value: string): value is CommunityTopic =>
  (communityTopics as readonly string[]).includes(value);

/** Sort (Hot, New, Top: D15) and the topic filter (D16). */
export function ListControls({ filter, onSortChange, onTopicChange }: ListControlsProps) {
  const topicId = useId();
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-border bg-card p-2 sm:flex-row sm:items-center sm:justify-between">
      <fieldset aria-label="Sort posts" className="flex gap-1">
        {communitySorts.map((sort) => {
          const Icon = sortIcons[sort];
          const active = filter.sort === sort;
          return (
            <button
              key={sort}
              type="button"
              aria-pressed={active}
              onClick={() => onSortChange(sort)}
              className={cn(
                'inline-flex h-9 flex-1 items-center justify-center gap-1.5 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring sm:flex-none',
                active
                  ? 'bg-accent text-accent-foreground'
                  : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {communitySortLabels[sort]}
            </button>
          );
        })}
      </fieldset>
      <div className="flex items-center gap-2 px-1 sm:px-0">
        <Label htmlFor={topicId} className="shrink-0">
          Topic
        </Label>
        <NativeSelect
          id={topicId}
          value={filter.topic ?? ''}
          onChange={(event) => {
            const value = event.target.value;
            onTopicChange(isTopic(value) ? value : null);
          }}
          className="w-full sm:w-44"
        >
          <option value="">{EVERYWHERE_LABEL}</option>
          {communityTopics.map((topic) => (
            <option key={topic} value={topic}>
              {communityTopicLabels[topic]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}
