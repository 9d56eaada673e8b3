import { Bitcoin } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

/**
 * A coin with rings that pulse out and a dashed orbit that turns while mining; still when stopped.
 * Decorative (the panel says the state in words) and motion-safe: with reduced motion asked for, it
 * stays still.
 */
export function MiningAnimation({ active }: { active: boolean }) {
  return (
    <div
      aria-hidden="true"
      data-active={active}
      className="relative flex size-36 shrink-0 items-center justify-center overflow-hidden rounded-full"
    >
      {active &&
        ['', '[animation-delay:1.2s]'].map((delay) => (
          <span
            key={delay}
            className={cn(
              'absolute inset-9 rounded-full border-2 border-primary/50 [animation-duration:2.4s] motion-safe:animate-ping',
              delay,
            )}
          />
        ))}
      <span
        className={cn(
          'absolute inset-3 rounded-full border-2 border-dashed transition-colors',
          active
            ? 'border-primary/60 [animation-duration:8s] motion-safe:animate-spin'
            : 'border-border',
        )}
      />
      <span
        className={cn(
          'relative inline-flex size-20 items-center justify-center rounded-full shadow-md ring-4 transition-colors',
          active
            ? 'bg-primary text-primary-foreground ring-primary/30'
            : 'bg-muted text-muted-foreground ring-border',
        )}
      >
        <Bitcoin className="size-11" strokeWidth={2.25} />
      </span>
    </div>
  );
}
