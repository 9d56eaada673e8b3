import { adminMessages } from '@btcp/shared/admin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { CreateAdminForm } from './create-admin-form.tsx';

function renderForm(signedInAsAdmin = false) {
  return renderWithToasts(<CreateAdminForm signedInAsAdmin={signedInAsAdmin} />, {
    path: '/create-admin',
    routes: [{ path: '/admin-login', element: <h1>Admin login page</h1> }],
  });
}

async function fill(password: string, confirmPassword: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), 'new@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirmPassword);
  await user.click(screen.getByRole('button', { name: 'Create Admin' }));
}

describe('CreateAdminForm', () => {
  it('says the passwords don’t match, and sends nothing', async () => {
    const { calls } = stubApi({});
    renderForm();
    await fill('long enough 1', 'long enough 2');
    expect(await screen.findByText('Passwords don\u2019t match')).toBeVisible();
    expect(screen.getAllByText('Please make sure your passwords match').length).toBeGreaterThan(0);
    expect(calls).toHaveLength(0);
  });

  it('creates the first admin and goes to the admin login', async () => {
    const { calls } = stubApi({
      'POST /admin-auth/create': {
        status: 201,
        body: {
          message: adminMessages.createSuccess('new@example.com'),
        },
      },
    });
    renderForm();
    await fill('long enough 1', 'long enough 1');
    expect(await screen.findByRole('heading', { name: 'Admin login page' })).toBeVisible();
    expect(
      await screen.findByText('Admin new@example.com created successfully. You can now login.'),
    ).toBeVisible();
    expect(calls[0]?.body).toEqual({
      email: 'new@example.com',
      password: 'long enough 1',
      confirmPassword: 'long enough 1',
    });
  });

  it('lets a signed-in admin stay and add another', async () => {
    stubApi({
      'POST /admin-auth/create': {
        status: 201,
        body: {
          message: adminMessages.createSuccess('new@example.com'),
        },
      },
    });
    renderForm(true);
    await fill('long enough 1', 'long enough 1');
    expect(
      await screen.findByText('Admin new@example.com created successfully. You can now login.'),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveValue(''));
    expect(screen.queryByRole('heading', { name: 'Admin login page' })).not.toBeInTheDocument();
  });

  it('shows what the server refused', async () => {
    stubApi({
      'POST /admin-auth/create': apiError(409, 'CONFLICT', 'This email is already taken', {
        email: 'This email is already taken',
      }),
    });
    renderForm();
    await fill('long enough 1', 'long enough 1');
    expect(await screen.findByText(adminMessages.somethingWentWrong)).toBeVisible();
    expect(screen.getAllByText('This email is already taken').length).toBe(2);
  });
});
