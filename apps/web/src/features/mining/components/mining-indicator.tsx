import { formatCoinAmount } from '@btcp/shared/decimal';
import { paths } from '@btcp/shared/paths';
import { COIN } from '@btcp/shared/product';
import { Link } from 'react-router';
import { cn } from '#web/lib/cn.ts';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds.ts';
import { useMiningSnapshot } from '../hooks/use-mining.ts';
import { formatElapsed } from '../lib/format.ts';

/**
 * A compact, live sign that mining runs (state, elapsed time, mined this session) for the header of
 * every signed-in page; it leads back to the mining card. Nothing shows while not mining.
 */
export function MiningIndicator({ className }: { className?: string }) {
  const { session, mined } = useMiningSnapshot();
  const elapsed = useElapsedSeconds(session?.startedAt ?? null);
  if (!session) return null;
  return (
    <Link
      to={paths.dashboard.getHref()}
      aria-label={`Mining, ${formatElapsed(elapsed)}, ${formatCoinAmount(mined)} ${COIN} mined this session`}
      className={cn(
        'inline-flex h-8 items-center gap-2 rounded-full border border-success/40 bg-success/10 px-3 font-mono text-xs font-medium whitespace-nowrap text-success tabular-nums hover:bg-success/15',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="size-2 rounded-full bg-success motion-safe:animate-pulse"
      />
      <span className="hidden font-sans sm:inline">Mining</span>
      <span>{formatElapsed(elapsed)}</span>
      <span className="hidden md:inline">+{formatCoinAmount(mined)}</span>
    </Link>
  );
}
