import type { VoteType } from '@btcp/shared/community';
import { score, type VoteCounts } from '@btcp/shared/vote-rules';
import { ArrowBigDown, ArrowBigUp } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

interface VoteControlProps {
  counts: VoteCounts;
  onVote: (type: VoteType) => void;
  /** A vote is on its way: clicks wait for it, so two answers cannot cross. */
  busy?: boolean;
  orientation?: 'vertical' | 'horizontal';
  className?: string;
  /** Why this viewer cannot vote at all (a ban): the arrows are disabled and say so. */
  lockedReason?: string;
}

const buttonClass =
  'inline-flex size-8 items-center justify-center rounded-md text-muted-foreground transition-colors hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring aria-disabled:cursor-progress disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent';

/** Upvote, the score (upvotes − downvotes) and Downvote; the pressed arrow is the caller's own vote. */
export function VoteControl({
  counts,
  onVote,
  busy = false,
  orientation = 'vertical',
  className,
  lockedReason,
}: VoteControlProps) {
  const vote = (type: VoteType) => {
    if (!busy) onVote(type);
  };
  const up = counts.myVote === 'upvote';
  const down = counts.myVote === 'downvote';
  return (
    <fieldset
      aria-label="Votes"
      className={cn(
        'flex shrink-0 items-center gap-0.5',
        orientation === 'vertical' ? 'flex-col' : 'flex-row',
        className,
      )}
    >
      <button
        type="button"
        aria-label="Upvote"
        disabled={Boolean(lockedReason)}
        title={lockedReason}
        aria-pressed={up}
        aria-disabled={busy || undefined}
        onClick={() => vote('upvote')}
        className={cn(buttonClass, up && 'text-primary')}
      >
        <ArrowBigUp aria-hidden="true" className={cn('size-5', up && 'fill-current')} />
      </button>
      <span
        className={cn(
          'min-w-6 text-center text-sm font-semibold tabular-nums',
          up && 'text-primary',
          down && 'text-sky-700 dark:text-sky-400',
        )}
      >
        {score(counts)}
      </span>
      <button
        type="button"
        aria-label="Downvote"
        disabled={Boolean(lockedReason)}
        title={lockedReason}
        aria-pressed={down}
        aria-disabled={busy || undefined}
        onClick={() => vote('downvote')}
        className={cn(buttonClass, down && 'text-sky-700 dark:text-sky-400')}
      >
        <ArrowBigDown aria-hidden="true" className={cn('size-5', down && 'fill-current')} />
      </button>
    </fieldset>
  );
}
