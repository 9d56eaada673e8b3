import { Bitcoin } from 'lucide-react';
import { cn } from '../lib/cn.ts';

/** The brand's coin; decorative, since the word BTCP always stands beside it. */
export function CoinMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm ring-2 ring-primary/30',
        className,
      )}
    >
      <Bitcoin className="size-5" strokeWidth={2.25} />
    </span>
  );
}
