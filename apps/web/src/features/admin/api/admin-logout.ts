import type { Staff } from '@btcp/shared/admin';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

/**
 * Ends the admin session. A moderator is signed in through their user session (D7), so for them it
 * ends that one.
 */
export const adminLogout = (role: Staff['role']) =>
  apiRequest<void>(role === 'admin' ? '/admin-auth/logout' : '/auth/logout', { method: 'POST' });

export const useAdminLogout = () => useMutation({ mutationFn: adminLogout });
