import type { Staff } from '@btcp/shared/admin';
import { paths } from '@btcp/shared/paths';
import { ArrowLeft, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { CoinMark } from '#web/components/coin-mark.tsx';
import { ThemeToggle } from '#web/components/theme-toggle.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { AdminNav, navItemsFor } from './admin-nav.tsx';

export function AdminBrand({ role }: { role: Staff['role'] }) {
  const [home] = navItemsFor(role);
  return (
    <Link
      to={home?.to ?? '/'}
      className="flex items-center gap-2 rounded-md text-lg font-bold tracking-tight"
    >
      <CoinMark className="size-7" />
      BTCP
      <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">
        {role === 'admin' ? 'Admin' : 'Moderator'}
      </span>
    </Link>
  );
}

interface AdminSidebarProps {
  staff: Staff;
  onLogout: () => void;
  loggingOut: boolean;
  /** Called when a menu link is followed, so the mobile menu can close. */
  onNavigate?: () => void;
}

/** The admin menu with who is signed in, the theme toggle and Logout: the sidebar and the mobile sheet. */
export function AdminSidebar({ staff, onLogout, loggingOut, onNavigate }: AdminSidebarProps) {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-border px-4">
        <AdminBrand role={staff.role} />
      </div>
      <div className="flex-1 overflow-y-auto p-3">
        <AdminNav role={staff.role} onNavigate={onNavigate} />
        {staff.role === 'moderator' ? (
          <Link
            to={paths.dashboard.getHref()}
            onClick={onNavigate}
            className="mt-4 flex h-10 items-center gap-3 rounded-md border-t border-border px-3 pt-4 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            Back to your dashboard
          </Link>
        ) : null}
      </div>
      <div className="grid gap-3 border-t border-border p-3">
        <div className="min-w-0 px-1">
          <p className="text-xs text-muted-foreground">
            Signed in as {staff.role === 'admin' ? 'admin' : 'moderator'}
          </p>
          <p className="truncate text-sm font-medium" title={staff.email}>
            {staff.email}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <Button variant="outline" className="flex-1" onClick={onLogout} disabled={loggingOut}>
            <LogOut aria-hidden="true" className="size-4" />
            Logout
          </Button>
        </div>
      </div>
    </div>
  );
}
