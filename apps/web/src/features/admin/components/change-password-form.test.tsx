import { adminMessages } from '@btcp/shared/admin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
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
  return renderWithToasts(<ChangePasswordForm />, { path: '/admin/settings' });
}

describe('ChangePasswordForm', () => {
  it('says "New passwords do not match" without asking the server', async () => {
    const { calls } = stubApi({});
    renderForm();
    await submit('old password', 'new password 1', 'new password 2');
    expect(await screen.findByText('New passwords do not match')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('says "New password must be at least 8 characters"', async () => {
    const { calls } = stubApi({});
    renderForm();
    await submit('old password', 'short', 'short');
    expect(await screen.findByText('New password must be at least 8 characters')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('asks for the current password', async () => {
    stubApi({});
    renderForm();
    await submit('', 'new password 1', 'new password 1');
    expect(await screen.findByText('Current password is required')).toBeVisible();
  });

  it('shows "Current password is incorrect" on its field', async () => {
    stubApi({
      'POST /admin/password': apiError(400, 'BAD_REQUEST', 'Current password is incorrect', {
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
    stubApi({
      'POST /admin/password': apiError(401, 'UNAUTHORIZED', adminMessages.sessionNotFound),
    });
    renderForm();
    await submit('old password', 'new password 1', 'new password 1');
    expect(await screen.findByText('Failed to update password')).toBeVisible();
    expect(screen.getByText('Admin session not found')).toBeVisible();
  });

  it('changes the password and empties the form', async () => {
    const { calls } = stubApi({
      'POST /admin/password': { body: { message: adminMessages.passwordUpdated } },
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
