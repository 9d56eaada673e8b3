import { paths } from '@btcp/shared/paths';
import type { SessionState } from '@btcp/shared/session';
import { useQueryClient } from '@tanstack/react-query';
import { LayoutDashboard, MessagesSquare, ShieldCheck, UserRound, Wallet } from 'lucide-react';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { AccountBannedBadge } from '#web/components/account-banned-badge.tsx';
import { BrowserOnly } from '#web/components/browser-only.tsx';
import { CoinMark } from '#web/components/coin-mark.tsx';
import { ThemeToggle } from '#web/components/theme-toggle.tsx';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarHeader,
  SidebarLabel,
  SidebarLink,
  SidebarProvider,
  SidebarTrigger,
} from '#web/components/ui/sidebar.tsx';
import { InstallAppButton } from '#web/features/app-install/components/install-app-button.tsx';
import { LogoutButton } from '#web/features/auth/components/logout-button.tsx';
import { RequireUser } from '#web/features/auth/components/require-user.tsx';
import { MiningIndicator } from '#web/features/mining/components/mining-indicator.tsx';
import { miningSessionStore } from '#web/features/mining/lib/mining-session-store.ts';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { useMatchedHandles } from '#web/lib/route-table.tsx';
import { useSession } from '#web/lib/session.ts';
import { ScrollRestoration } from './scroll-restoration.tsx';

/** One entry per page: /settings is only another address of Account, so it has none of its own. */
const navItems = [
  { label: 'Dashboard', to: paths.dashboard.getHref(), icon: LayoutDashboard },
  { label: 'Wallet', to: paths.wallet.getHref(), icon: Wallet },
  { label: 'Community', to: paths.community.getHref(), icon: MessagesSquare },
  { label: 'Account', to: paths.account.getHref(), icon: UserRound },
];

/** D7: moderators reach their part of the staff area from their own sidebar. */
const moderationItem = {
  label: 'Moderation',
  to: paths.adminCommunity.getHref(),
  icon: ShieldCheck,
};

/** The title the page's route declares (app/user-routes.tsx). */
function usePageTitle(): string {
  return useMatchedHandles().findLast((handle) => handle.title !== undefined)?.title ?? '';
}

/** The signed-in area: sidebar, a top bar with the page title, the page. */
export function Component() {
  return (
    <RequireUser>
      <SignedInShell />
    </RequireUser>
  );
}

/**
 * The member's sidebar: the brand, the pages (Moderation for a moderator), and the account's own
 * menu: who is signed in, Install app where the browser offers it, Logout.
 */
function MemberSidebar({ user }: { user: SessionState['user'] | undefined }) {
  const queryClient = useQueryClient();
  return (
    <Sidebar label="Sidebar">
      <SidebarHeader>
        <Link
          to={paths.dashboard.getHref()}
          className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight"
        >
          <CoinMark />
          <SidebarLabel>BTCP</SidebarLabel>
        </Link>
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main">
          <ul className="grid gap-1">
            {(user?.isModerator ? [...navItems, moderationItem] : navItems).map((item) => (
              <li key={item.to}>
                <SidebarLink to={item.to} icon={item.icon} label={item.label} />
              </li>
            ))}
          </ul>
        </nav>
      </SidebarContent>
      <SidebarFooter>
        <div className="flex items-center gap-3 px-1 py-1 group-data-[state=collapsed]/sidebar:justify-center group-data-[state=collapsed]/sidebar:px-0">
          <span
            aria-hidden="true"
            className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-sm font-semibold text-accent-foreground uppercase"
          >
            {user?.email.charAt(0)}
          </span>
          <SidebarLabel className="text-sm text-muted-foreground" title={user?.email}>
            {user?.email}
          </SidebarLabel>
        </div>
        <InstallAppButton />
        <LogoutButton beforeLogout={() => miningSessionStore.stop(queryClient)} />
      </SidebarFooter>
    </Sidebar>
  );
}

/**
 * The frame alone, without the guard: the community's pages use it for a signed-in member
 * (layouts/community-frame.tsx), where visitors are welcome too. `flush` leaves the page's own
 * margins to it, as those pages bring theirs for the public frame.
 */
export function SignedInShell({ flush = false }: { flush?: boolean }) {
  const { data: session } = useSession();
  const user = session?.user;
  const title = usePageTitle();

  return (
    <SidebarProvider>
      <a
        href="#main"
        className="fixed top-3 left-3 z-[60] -translate-y-24 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground shadow-md transition-transform focus:translate-y-0"
      >
        Skip to content
      </a>
      <MemberSidebar user={user} />

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-14 items-center gap-2 border-b border-border bg-background/95 px-3 backdrop-blur sm:px-4">
          <SidebarTrigger className="-ml-1" />
          <span aria-hidden="true" className="h-5 w-px bg-border" />
          <p className="min-w-0 truncate px-1 font-semibold">{title}</p>
          <div className="ml-auto flex items-center gap-2">
            {/* The miner and the bell live in this browser only; the server renders this frame
                for a member's community pages, without them (decision 057). */}
            <BrowserOnly>
              <MiningIndicator />
            </BrowserOnly>
            {user?.isBanned ? <AccountBannedBadge /> : null}
            <BrowserOnly>
              <NotificationBell />
            </BrowserOnly>
            <ThemeToggle />
          </div>
        </header>
        {/* tabIndex lets the skip link move focus here, not only the view. */}
        <main
          id="main"
          tabIndex={-1}
          className={
            flush ? 'flex-1 outline-none' : 'flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 lg:py-8'
          }
        >
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </main>
      </div>
      <ScrollRestoration />
    </SidebarProvider>
  );
}
