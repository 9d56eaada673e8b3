import type { Staff } from '@btcp/shared/admin';
import { paths } from '@btcp/shared/paths';
import { useQueryClient } from '@tanstack/react-query';
import { Menu } from 'lucide-react';
import { Suspense, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { ThemeToggle } from '#web/components/theme-toggle.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '#web/components/ui/sheet.tsx';
import { useAdminLogout } from '#web/features/admin/api/admin-logout.ts';
import { AdminGuard } from '#web/features/admin/components/admin-guard.tsx';
import { AdminBrand, AdminSidebar } from '#web/features/admin/components/admin-sidebar.tsx';
import { ModeratorAccessDenied } from '#web/features/admin/components/moderator-access-denied.tsx';
import { canOpenAdminPage } from '#web/features/admin/lib/staff-access.ts';
import { sessionQueryOptions } from '#web/lib/session.ts';
import { toast } from '#web/lib/toast.ts';
import { ScrollRestoration } from './scroll-restoration.tsx';

/** Logout, then /admin-login. */
function useLogoutToAdminLogin(staff: Staff) {
  const logout = useAdminLogout();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const run = () =>
    logout.mutate(staff.role, {
      onSuccess: async () => {
        // The cached session must forget the ended session at once, or /admin-login (which sends a
        // signed-in admin to the dashboard) would bounce straight back here.
        queryClient.setQueryData(
          sessionQueryOptions().queryKey,
          (session) =>
            session &&
            (staff.role === 'admin' ? { ...session, admin: null } : { ...session, user: null }),
        );
        toast.success('Logged out');
        await navigate(paths.adminLogin.getHref(), { replace: true });
        // Only once this layout is gone: removing the staff check earlier would make it ask again.
        queryClient.removeQueries({ queryKey: ['admin'] });
        void queryClient.invalidateQueries({ queryKey: sessionQueryOptions().queryKey });
      },
      onError: () => toast.error('Logout failed'),
    });
  return { logout: run, loggingOut: logout.isPending };
}

function AdminShell({ staff }: { staff: Staff }) {
  const location = useLocation();
  // The menu belongs to the location it was opened on, so any navigation closes it (as in the site header).
  const [menuOpenedAt, setMenuOpenedAt] = useState<string | null>(null);
  const { logout, loggingOut } = useLogoutToAdminLogin(staff);

  return (
    <div className="min-h-dvh md:flex">
      <a
        href="#main"
        className="fixed top-3 left-3 z-[60] -translate-y-24 rounded-md bg-primary px-4 py-2 font-medium text-primary-foreground shadow-md transition-transform focus:translate-y-0"
      >
        Skip to content
      </a>
      <aside className="hidden border-r border-border bg-card md:sticky md:top-0 md:block md:h-dvh md:w-64 md:shrink-0">
        <AdminSidebar staff={staff} onLogout={logout} loggingOut={loggingOut} />
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-40 flex h-14 items-center justify-between gap-2 border-b border-border bg-background px-2 md:hidden">
          <Sheet
            open={menuOpenedAt === location.key}
            onOpenChange={(open) => setMenuOpenedAt(open ? location.key : null)}
          >
            <SheetTrigger asChild>
              <Button variant="ghost" size="icon" aria-label="Open menu">
                <Menu aria-hidden="true" className="size-6" />
              </Button>
            </SheetTrigger>
            <SheetContent aria-describedby={undefined}>
              <SheetTitle className="sr-only">Admin menu</SheetTitle>
              <AdminSidebar
                staff={staff}
                onLogout={logout}
                loggingOut={loggingOut}
                onNavigate={() => setMenuOpenedAt(null)}
              />
            </SheetContent>
          </Sheet>
          <AdminBrand role={staff.role} />
          <ThemeToggle />
        </header>
        {/* tabIndex lets the skip link move focus here, not only the view. */}
        <main id="main" tabIndex={-1} className="flex-1 outline-none">
          <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-10">
            {canOpenAdminPage(staff.role, location.pathname) ? (
              <Suspense fallback={null}>
                <Outlet />
              </Suspense>
            ) : (
              <ModeratorAccessDenied />
            )}
          </div>
        </main>
      </div>
      <ScrollRestoration />
    </div>
  );
}

/** Every /admin page: the staff check, then the sidebar layout (moderators see their two areas). */
export function AdminLayout() {
  return <AdminGuard>{(staff) => <AdminShell staff={staff} />}</AdminGuard>;
}
