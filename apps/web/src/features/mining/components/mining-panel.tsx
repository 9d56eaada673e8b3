import { miningButtonLabels } from '@btcp/shared/mining';
import { COIN } from '@btcp/shared/product';
import { Pickaxe, Square } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, RetryAlert } from '#web/components/ui/alert.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#web/components/ui/card.tsx';
import { CoinAmount } from '#web/components/ui/coin-amount.tsx';
import { cn } from '#web/lib/cn.ts';
import { formatCount } from '#web/lib/format.ts';
import { useElapsedSeconds } from '../hooks/use-elapsed-seconds.ts';
import { type MiningState, useMining } from '../hooks/use-mining.ts';
import { useSimulatedStats } from '../hooks/use-simulated-stats.ts';
import { estimateEarnings, formatElapsed, formatRate } from '../lib/format.ts';
import { MiningAnimation } from './mining-animation.tsx';
import { PendingEarnings } from './pending-earnings.tsx';

const stateWords: Record<MiningState, string> = {
  checking: 'Checking status',
  elsewhere: 'Mining in another browser',
  mining: 'Mining',
  stopped: 'Stopped',
};

type Mining = ReturnType<typeof useMining>;

const buttonLabels: Record<MiningState, string> = {
  checking: miningButtonLabels.checking,
  elsewhere: miningButtonLabels.elsewhere,
  mining: miningButtonLabels.stop,
  stopped: miningButtonLabels.start,
};

function Stat({ label, children, note }: { label: string; children: ReactNode; note?: string }) {
  return (
    <div className="rounded-lg border border-border bg-muted/40 p-3">
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="mt-1 font-mono text-base font-semibold tabular-nums">{children}</dd>
      {note ? <dd className="mt-0.5 text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

function Figure({ label, note, children }: { label: string; note?: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="font-mono text-xl font-semibold tabular-nums sm:text-2xl">{children}</dd>
      {note ? <dd className="text-xs text-muted-foreground">{note}</dd> : null}
    </div>
  );
}

function StateBadge({ state }: { state: MiningState }) {
  const active = state === 'mining';
  return (
    <Badge
      role="status"
      aria-live="polite"
      className={cn(
        active
          ? 'border-success/40 bg-success/10 text-success'
          : 'border-border bg-muted text-muted-foreground',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          active ? 'bg-success motion-safe:animate-pulse' : 'bg-muted-foreground',
        )}
      />
      {stateWords[state]}
    </Badge>
  );
}

/** The running figures of the session: time, earnings, rate, and the simulated miner's output. */
function SessionStats({ mining }: { mining: Mining }) {
  const { state, status, session } = mining;
  const active = state === 'mining';
  const stats = useSimulatedStats(session?.id ?? null);
  const elapsed = useElapsedSeconds(session?.startedAt ?? null);
  const hourlyRate = session?.hourlyRate ?? status.data?.hourlyRate;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
      <Stat label="Elapsed time">{formatElapsed(elapsed)}</Stat>
      <Stat label="Estimated earnings" note={`${COIN}, an estimate`}>
        {hourlyRate && active ? estimateEarnings(hourlyRate, elapsed) : '0.00000000'}
      </Stat>
      <Stat label="Current rate" note={status.data?.phaseName}>
        {hourlyRate ? `${formatRate(hourlyRate)} ${COIN}/hour` : '–'}
      </Stat>
      <Stat label="Hashrate" note="Simulated">
        {stats.hashrate.toFixed(2)} MH/s
      </Stat>
      <Stat label="Shares" note="Accepted / total, simulated">
        {stats.sharesAccepted} / {stats.sharesTotal}
      </Stat>
      <Stat label="Active miners" note="Mining right now">
        {status.data ? formatCount(status.data.activeMiners) : '–'}
      </Stat>
    </dl>
  );
}

/**
 * Start or Stop, whichever the state calls for; out of use while the state is being checked,
 * while another tab mines, while a press is on its way, and for a banned member (who may still
 * stop a session that was running).
 */
function StartStopButton({ mining, banned }: { mining: Mining; banned: boolean }) {
  const { state } = mining;
  const active = state === 'mining';
  return (
    <Button
      size="lg"
      className="w-full"
      variant={active ? 'outline' : 'default'}
      disabled={
        state === 'checking' || state === 'elsewhere' || mining.isBusy || (banned && !active)
      }
      aria-busy={mining.isBusy || state === 'checking'}
      aria-describedby={banned ? 'mining-banned' : undefined}
      onClick={active ? mining.stop : mining.start}
    >
      {active ? (
        <Square aria-hidden="true" className="size-4" />
      ) : (
        <Pickaxe aria-hidden="true" className="size-4" />
      )}
      {buttonLabels[state]}
    </Button>
  );
}

/**
 * The Start/Stop button, the state, what this session is doing and what it has paid,
 * beside the live wallet balance (`balance`, from the wallet the dashboard reads).
 */
export function MiningPanel({ banned, balance }: { banned: boolean; balance?: string }) {
  const mining = useMining();
  const { state, status } = mining;
  const active = state === 'mining';

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>Mining</CardTitle>
          <CardDescription>
            Mining keeps running while you use the app, and pays your wallet as it goes. It stops
            when you press Stop, sign out or close the tab.
          </CardDescription>
        </div>
        <StateBadge state={state} />
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-[17rem_minmax(0,1fr)] md:items-center">
        <div className="flex flex-col items-center gap-4">
          <MiningAnimation active={active} />
          <StartStopButton mining={mining} banned={banned} />
        </div>
        <div className="grid gap-4">
          {banned ? (
            <Alert id="mining-banned" role="note">
              Your account is banned, so it cannot mine. You can still see your wallet.
            </Alert>
          ) : null}
          {status.isError ? (
            <RetryAlert onRetry={() => status.refetch()}>
              Could not check your mining status.
            </RetryAlert>
          ) : null}
          <dl className="grid grid-cols-2 gap-4">
            <Figure label="Wallet balance">
              {balance === undefined ? '–' : <CoinAmount value={balance} />}
            </Figure>
            {/* After Stop: what the session came to, not counters silently back at zero. */}
            {!active && mining.summary ? (
              <Figure
                label="Last session"
                note={`Mined for ${formatElapsed(mining.summary.seconds)}`}
              >
                <CoinAmount value={mining.summary.mined} />
              </Figure>
            ) : (
              <Figure label="Mined this session">
                <CoinAmount value={mining.mined} />
              </Figure>
            )}
          </dl>
          <PendingEarnings className="-mt-2" />
          <SessionStats mining={mining} />
        </div>
      </CardContent>
    </Card>
  );
}
