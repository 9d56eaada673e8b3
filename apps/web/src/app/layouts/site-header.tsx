import { paths } from '@btcp/shared/paths';
import { Menu, X } from 'lucide-react';
import { lazy, useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { AccountBannedBadge } from '#web/components/account-banned-badge.tsx';
import { AuthActions } from '#web/components/auth-actions.tsx';
import { BrowserOnly } from '#web/components/browser-only.tsx';
import { CoinMark } from '#web/components/coin-mark.tsx';
import { ThemeToggle } from '#web/components/theme-toggle.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useScrolledPast } from '#web/hooks/use-scrolled-past.ts';
import { cn } from '#web/lib/cn.ts';
import { useSession } from '#web/lib/session.ts';

/** The header turns opaque past 20 px. */
const SCROLL_THRESHOLD = 20;
const MOBILE_MENU_ID = 'mobile-menu';

// Signed-in only: visitors never download the miner, nor the notifications' queries and
// sentences, which the first visit's budget cannot hold (docs/decisions/018).
const MiningIndicator = lazy(() =>
  import('#web/features/mining/components/mining-indicator.tsx').then((module) => ({
    default: module.MiningIndicator,
  })),
);
const NotificationBell = lazy(() =>
  import('#web/features/notifications/components/notification-bell.tsx').then((module) => ({
    default: module.NotificationBell,
  })),
);

const navItems = [
  { label: 'Home', to: paths.home.getHref() },
  { label: 'Whitepaper', to: paths.whitepaper.getHref() },
  { label: 'Blog', to: paths.blog.getHref() },
  { label: 'Community', to: paths.community.getHref() },
];

function navLinkClass(stacked: boolean) {
  return ({ isActive }: { isActive: boolean }) =>
    cn(
      'rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
      stacked ? 'flex h-11 items-center text-base' : 'py-2',
      isActive ? 'text-foreground' : 'text-muted-foreground',
      isActive && stacked && 'bg-muted',
    );
}

function NavLinks({ stacked = false }: { stacked?: boolean }) {
  return (
    <ul className={cn('flex gap-1', stacked && 'flex-col')}>
      {navItems.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === '/'} className={navLinkClass(stacked)}>
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

/**
 * The mobile menu's open state. The menu belongs to the location it was opened on, so any
 * navigation closes it without an effect; Escape closes it and hands focus back to its toggle.
 */
function useMobileMenu() {
  const location = useLocation();
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const open = openedAt === location.key;
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenedAt(null);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  const toggle = () => setOpenedAt(open ? null : location.key);
  return { open, toggle, toggleRef };
}

function HeaderActions({ menu }: { menu: ReturnType<typeof useMobileMenu> }) {
  const user = useSession().data?.user;
  return (
    <div className="flex items-center gap-2">
      {user?.isBanned ? <AccountBannedBadge /> : null}
      {user ? (
        <BrowserOnly>
          <MiningIndicator />
          <NotificationBell />
        </BrowserOnly>
      ) : null}
      <ThemeToggle />
      <div className="hidden md:block">
        <AuthActions />
      </div>
      <Button
        ref={menu.toggleRef}
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={menu.open ? 'Close menu' : 'Open menu'}
        aria-expanded={menu.open}
        aria-controls={MOBILE_MENU_ID}
        onClick={menu.toggle}
      >
        {menu.open ? <X className="size-6" /> : <Menu className="size-6" />}
      </Button>
    </div>
  );
}

function MobileMenu({ open }: { open: boolean }) {
  return (
    <div
      id={MOBILE_MENU_ID}
      hidden={!open}
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-background px-4 pt-3 pb-5 md:hidden"
    >
      <nav aria-label="Main">
        <NavLinks stacked />
      </nav>
      <div className="mt-4 border-t border-border pt-4">
        <AuthActions stacked />
      </div>
    </div>
  );
}

export function SiteHeader() {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  const menu = useMobileMenu();
  const opaque = scrolled || menu.open;

  return (
    <header
      className={cn(
        'fixed inset-x-0 top-0 z-50 border-b transition-[background-color,border-color,box-shadow] duration-200',
        opaque ? 'border-border bg-background shadow-sm' : 'border-transparent bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to={paths.home.getHref()}
          className="flex shrink-0 items-center gap-2 rounded-md text-xl font-bold tracking-tight"
        >
          <CoinMark />
          BTCP
        </Link>

        <nav aria-label="Main" className="hidden md:block">
          <NavLinks />
        </nav>

        <HeaderActions menu={menu} />
      </div>

      <MobileMenu open={menu.open} />
    </header>
  );
}
