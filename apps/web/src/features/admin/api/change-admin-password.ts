import type { AdminChangePasswordBody } from '@btcp/shared/admin';
import type { Message } from '@btcp/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#web/lib/api-client.ts';

export const changeAdminPassword = (body: AdminChangePasswordBody) =>
  apiRequest<Message>('/admin/password', { method: 'POST', body });

export const useChangeAdminPassword = () => useMutation({ mutationFn: changeAdminPassword });
