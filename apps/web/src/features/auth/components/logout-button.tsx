import { paths } from '@btcp/shared/paths';
import { LogOut } from 'lucide-react';
import { useNavigate } from 'react-router';
import { SidebarButton } from '#web/components/ui/sidebar.tsx';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';
import { useLogout } from '../api/logout.ts';

/** `beforeLogout` finishes what must end while the session still stands (mining's last reward). */
export function LogoutButton({ beforeLogout }: { beforeLogout?: () => Promise<void> }) {
  const navigate = useNavigate();
  const logout = useLogout();
  const onClick = async () => {
    await beforeLogout?.();
    // Awaited rather than per-call callbacks: on a community page the signed-out session swaps the
    // member's frame (and this button) for the public one before the answer is handled.
    try {
      await logout.mutateAsync();
    } catch (error) {
      toast.error('Logout failed', { description: requestErrorMessage(error) });
      return;
    }
    toast.success('Logged out');
    navigate(paths.login.getHref(), { replace: true });
  };
  return (
    <SidebarButton
      icon={LogOut}
      label={logout.isPending ? 'Logging out...' : 'Logout'}
      disabled={logout.isPending}
      aria-busy={logout.isPending}
      onClick={() => void onClick()}
    />
  );
}
