import { adminMessages } from '@btcp/shared/admin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render.tsx';
import { apiError, json, mockApi } from '../test/mock-api.ts';
import { renderToaster } from '../test/render-toaster.tsx';
import { ChangePasswordForm } from './change-password-form.tsx';

async function submit(currentPassword: string, newPassword: string, confirmPassword: string) {
  const user = userEvent.setup();
  if (currentPassword) await user.type(screen.getByLabelText('Current Password'), currentPassword);
  if (newPassword) await user.type(screen.getByLabelText('New Password'), newPassword);
  if (confirmPassword) {
    await user.type(screen.getByLabelText('Confirm New Password'), confirmPassword);
  }
  await user.click(screen.getByRole('button', { name: 'Update Password' }));
}

function renderForm() {
  renderToaster();
  return renderRoute(<ChangePasswordForm />, { path: '/admin/settings' });
}

describe('ChangePasswordForm', () => {
  it('says "New passwords do not match" without asking the server', async () => {
    const { calls } = mockApi({});
    renderForm();
    await submit('old password', 'new password 1', 'new password 2');
    expect(await screen.findByText('New passwords do not match')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('says "New password must be at least 8 characters"', async () => {
    const { calls } = mockApi({});
    renderForm();
    await submit('old password', 'short', 'short');
    expect(await screen.findByText('New password must be at least 8 characters')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('asks for the current password', async () => {
    mockApi({});
    renderForm();
    await submit('', 'new password 1', 'new password 1');
    expect(await screen.findByText('Current password is required')).toBeVisible();
  });

  it('shows "Current password is incorrect" on its field', async () => {
    mockApi({
      'POST /admin/password': apiError(400, 'Current password is incorrect', {
        currentPassword: 'Current password is incorrect',
      }),
    });
    renderForm();
    await submit('wrong password', 'new password 1', 'new password 1');
    expect(await screen.findByText('Failed to update password')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(
        'Current password is incorrect',
      ),
    );
  });

  it('says "Admin session not found" when the session is gone', async () => {
    mockApi({ 'POST /admin/password': apiError(401, adminMessages.sessionNotFound) });
    renderForm();
    await submit('old password', 'new password 1', 'new password 1');
    expect(await screen.findByText('Failed to update password')).toBeVisible();
    expect(screen.getByText('Admin session not found')).toBeVisible();
  });

  it('changes the password and empties the form', async () => {
    const { calls } = mockApi({
      'POST /admin/password': json(200, { message: adminMessages.passwordUpdated }),
    });
    renderForm();
    await submit('old password', 'new password 1', 'new password 1');
    expect(await screen.findByText('Password has been updated')).toBeVisible();
    expect(calls[0]?.body).toEqual({
      currentPassword: 'old password',
      newPassword: 'new password 1',
      confirmPassword: 'new password 1',
    });
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveValue(''));
  });
});
