import type { Passkey } from '@btcp/shared/passkeys';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAccount } from '#web/test/account-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { Component as AccountPage } from './account.tsx';

const account = anAccount();

const laptop: Passkey = {
  id: 'cred-laptop',
  name: 'Chrome on macOS',
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
  synced: false,
};
const phone: Passkey = {
  id: 'cred-phone',
  name: 'iPhone',
  createdAt: '2026-11-21T10:00:00.000Z',
  lastUsedAt: '2026-11-25T10:00:00.000Z',
  synced: true,
};

const reauthenticationRequired = apiError(
  403,
  'REAUTHENTICATION_REQUIRED',
  'Enter your password again to continue.',
);

describe('passkeys card', () => {
  it('says when there is no passkey, and explains a browser without passkeys', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      {
        'GET /account': { body: account },
        'GET /account/passkeys': { body: { items: [] } },
        'POST /account/passkeys/registration-options': {
          body: {
            challenge: 'Y2hhbGxlbmdlLWNoYWxsZW5nZS1jaGFsbGVuZ2U',
            rp: { id: 'localhost', name: 'BTCP' },
            user: { id: 'dTE', name: 'miner@example.com', displayName: 'miner@example.com' },
            pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
          },
        },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    expect(await screen.findByText('No passkeys yet.')).toBeVisible();
    // The test browser has no WebAuthn, as some browsers do not: the member is told so.
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('This browser does not support passkeys.')).toBeVisible();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('lists each passkey with when it was added and last used, and renames one', async () => {
    const user = userEvent.setup();
    let items = [laptop, phone];
    const api = stubApi(
      {
        'GET /account': { body: account },
        'GET /account/passkeys': () => ({ body: { items } }),
        'PATCH /account/passkeys/cred-laptop': ({ body }) => {
          items = [{ ...laptop, ...(body as { name: string }) }, phone];
          return { body: items[0] };
        },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    expect(await screen.findByText('Chrome on macOS')).toBeVisible();
    expect(screen.getByText('iPhone')).toBeVisible();
    expect(screen.getByText('Synced')).toBeVisible();
    expect(screen.getByText(/Never used/)).toBeVisible();
    expect(screen.getByText(/Last used/)).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Rename: Chrome on macOS' }));
    const name = await screen.findByLabelText('Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a name')).toBeVisible();
    await user.type(name, 'Work laptop');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Passkey renamed')).toBeVisible();
    expect(await screen.findByText('Work laptop')).toBeVisible();
    expect(api.sent('PATCH /account/passkeys/cred-laptop')).toEqual([{ name: 'Work laptop' }]);
  });

  it('asks the member to confirm it is them before removing, offering a passkey too, then removes', async () => {
    const user = userEvent.setup();
    let confirmed = false;
    let items = [laptop, phone];
    const api = stubApi(
      {
        'GET /account': { body: account },
        'GET /account/passkeys': () => ({ body: { items } }),
        'DELETE /account/passkeys/cred-phone': () => {
          if (!confirmed) return reauthenticationRequired;
          items = [laptop];
          return { status: 204 };
        },
        'POST /account/reauthenticate': () => {
          confirmed = true;
          return { status: 204 };
        },
        'POST /account/sessions/sign-out-others': { body: { ended: 1 } },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    await user.click(await screen.findByRole('button', { name: 'Remove: iPhone' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));

    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(within(dialog).getByRole('button', { name: 'Use a passkey' })).toBeVisible();
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    expect(await screen.findByText('Passkey removed')).toBeVisible();
    expect(screen.queryByText('iPhone')).toBeNull();
    expect(api.sent('POST /account/reauthenticate')).toEqual([
      { password: 'correct horse battery' },
    ]);
    expect(api.calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);

    // A change to how the account signs in: the other sessions may have been someone else's.
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out everywhere else.')).toBeVisible();
    expect(api.calls.some((call) => call.path === '/account/sessions/sign-out-others')).toBe(true);
  });
});
