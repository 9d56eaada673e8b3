import type { AdminStats } from '@btcp/shared/admin';
import { formatCoinAmount } from '@btcp/shared/decimal';
import { paths } from '@btcp/shared/paths';
import { COIN } from '@btcp/shared/product';
import { Coins, Flag, type LucideIcon, MessagesSquare, Pickaxe, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useErrorToast } from '#web/hooks/use-error-toast.ts';
import { formatCount } from '#web/lib/format.ts';
import { useAdminStats } from '../api/get-admin-stats.ts';

/** Whole coins large, the 8 decimals smaller, so the figure fits a quarter-width card. */
function CoinAmount({ decimal }: { decimal: string }) {
  const [whole, fraction] = formatCoinAmount(decimal).split('.');
  return (
    <span className="flex flex-wrap items-baseline">
      <span>{whole}</span>
      <span className="text-base font-semibold text-muted-foreground">.{fraction}</span>
    </span>
  );
}

interface StatCard {
  title: string;
  icon: LucideIcon;
  value: (stats: AdminStats) => ReactNode;
  note?: (stats: AdminStats) => string | null;
  /** Where the figure is worked on. */
  link?: { href: string; label: string };
}

const cards: StatCard[] = [
  { title: 'Registered Users', icon: Users, value: (s) => formatCount(s.registeredUsers) },
  {
    title: 'Active Miners',
    icon: Pickaxe,
    value: (s) => formatCount(s.activeMiners),
    note: () => 'Mining right now',
  },
  {
    title: `${COIN} in Circulation`,
    icon: Coins,
    value: (s) => <CoinAmount decimal={s.circulation} />,
    note: () => `Across all wallets, in ${COIN}`,
  },
  {
    title: 'Community Posts',
    icon: MessagesSquare,
    value: (s) => formatCount(s.communityPosts),
    note: (s) => (s.flaggedPosts > 0 ? `${formatCount(s.flaggedPosts)} flagged` : null),
  },
  {
    title: 'Open Reports',
    icon: Flag,
    value: (s) => formatCount(s.openReports),
    note: () => 'Posts and comments reported',
    link: { href: `${paths.adminCommunity.getHref()}?tab=reports`, label: 'Review reports' },
  },
];

function StatCardFrame({ card, children }: { card: StatCard; children: ReactNode }) {
  const Icon = card.icon;
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-medium text-muted-foreground">{card.title}</h2>
        <Icon aria-hidden="true" className="size-5 text-primary" />
      </div>
      {children}
      {card.link ? (
        <Link
          to={card.link.href}
          className="mt-2 inline-block rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {card.link.label}
        </Link>
      ) : null}
    </Card>
  );
}

function StatFigure({
  value,
  note,
  failed,
}: {
  value: ReactNode | undefined;
  note: string | null | undefined;
  failed: boolean;
}) {
  if (value === undefined && failed) {
    return (
      <p className="mt-3 text-2xl font-bold text-muted-foreground">
        <span aria-hidden="true">–</span>
        <span className="sr-only">Not available</span>
      </p>
    );
  }
  if (value === undefined) {
    return (
      <>
        <Skeleton className="mt-3 h-8 w-28" />
        <Skeleton className="mt-2 h-4 w-20" />
      </>
    );
  }
  return (
    <>
      <p className="mt-3 text-2xl font-bold tracking-tight tabular-nums">{value}</p>
      <p className="mt-1 min-h-5 text-sm text-muted-foreground">{note}</p>
    </>
  );
}

/** The five figures of the admin dashboard, all counted by the server (D19). */
export function AdminStatsCards() {
  const { data, error, errorUpdatedAt, isPending, isError, refetch } = useAdminStats();
  useErrorToast('Error loading dashboard data', error, errorUpdatedAt);

  return (
    <div className="grid gap-4">
      {isPending && (
        <p role="status" className="sr-only">
          Loading dashboard data...
        </p>
      )}
      {isError && !data && (
        <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 px-4 py-3">
          <p className="text-sm">The figures could not be loaded.</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      )}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {cards.map((card) => {
          const note = data && card.note?.(data);
          return (
            <StatCardFrame key={card.title} card={card}>
              <StatFigure value={data && card.value(data)} note={note} failed={isError} />
            </StatCardFrame>
          );
        })}
      </div>
    </div>
  );
}
