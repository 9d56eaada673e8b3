import type { AdminUser } from '@btcp/shared/admin';
import { sessionMessages } from '@btcp/shared/sessions';
import { useMutation } from '@tanstack/react-query';
import { LogOut } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { apiRequest } from '#web/lib/api-client.ts';
import { requestErrorMessage } from '#web/lib/form-errors.ts';
import { toast } from '#web/lib/toast.ts';

/** Signs a user out everywhere at once (audited): a stolen session, a compromised account. */
export function EndSessionsButton({ user }: { user: AdminUser }) {
  const end = useMutation({
    mutationFn: () =>
      apiRequest<void>(`/admin/users/${encodeURIComponent(user.id)}/sessions/end`, {
        method: 'POST',
      }),
    onSuccess: () =>
      toast.success('User updated', { description: sessionMessages.endedUserSessions }),
    onError: (error) => toast.error('Error', { description: requestErrorMessage(error) }),
  });
  return (
    <ConfirmDialog
      title={`End all sessions of ${user.email}?`}
      description="They are signed out in every browser at once and must sign in again. Their account is otherwise unchanged."
      confirmLabel="End sessions"
      onConfirm={() => end.mutate()}
      trigger={
        <Button variant="outline" size="sm" disabled={end.isPending}>
          <LogOut aria-hidden="true" className="size-4" />
          End sessions<span className="sr-only"> of {user.email}</span>
        </Button>
      }
    />
  );
}
