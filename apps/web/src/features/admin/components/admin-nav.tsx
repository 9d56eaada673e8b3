import type { Staff } from '@btcp/shared/admin';
import { paths } from '@btcp/shared/paths';
import {
  FileText,
  LayoutDashboard,
  type LucideIcon,
  MessagesSquare,
  Settings,
  Users,
  Wallet,
} from 'lucide-react';
import { NavLink } from 'react-router';
import { cn } from '#web/lib/cn.ts';
import { canOpenAdminPage } from '../lib/staff-access.ts';

interface AdminNavItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

const adminNavItems: AdminNavItem[] = [
  { label: 'Dashboard', to: paths.adminDashboard.getHref(), icon: LayoutDashboard },
  { label: 'Users', to: paths.adminUsers.getHref(), icon: Users },
  { label: 'Wallets', to: paths.adminWallets.getHref(), icon: Wallet },
  { label: 'Blog', to: paths.adminBlog.getHref(), icon: FileText },
  { label: 'Community', to: paths.adminCommunity.getHref(), icon: MessagesSquare },
  { label: 'Settings', to: paths.adminSettings.getHref(), icon: Settings },
];

/** The admin pages this role may open, in menu order: a moderator sees Blog and Community only. */
export function navItemsFor(role: Staff['role']): AdminNavItem[] {
  return adminNavItems.filter((item) => canOpenAdminPage(role, item.to));
}

export function AdminNav({ role, onNavigate }: { role: Staff['role']; onNavigate?: () => void }) {
  return (
    <nav aria-label="Admin">
      <ul className="grid gap-1">
        {navItemsFor(role).map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex h-10 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors hover:bg-muted hover:text-foreground',
                  isActive ? 'bg-muted text-foreground' : 'text-muted-foreground',
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
