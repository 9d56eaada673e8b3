import type { SessionInfo } from '@btcp/shared/sessions';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anAccount } from '#web/test/account-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { Component as AccountPage } from './account.tsx';

const account = anAccount();

const session = (overrides: Partial<SessionInfo>): SessionInfo => ({
  id: 'AAAAAAAAAAAAAAAAAAAAAA',
  browser: 'Chrome 131',
  system: 'Windows 10',
  device: 'desktop',
  ip: '203.0.113.7',
  startedAt: '2026-11-20T10:00:00.000Z',
  lastActiveAt: '2026-11-25T10:00:00.000Z',
  current: false,
  ...overrides,
});

describe('account sessions', () => {
  it('lists the sessions, marks this one, and signs another out', async () => {
    const user = userEvent.setup();
    let items = [
      session({ id: 'thisSessionIdIs22chars', browser: 'Firefox 133', current: true }),
      session({}),
    ];
    const api = stubApi(
      {
        'GET /account': { body: account },
        'GET /account/sessions': () => ({ body: { items } }),
        'DELETE /account/sessions/AAAAAAAAAAAAAAAAAAAAAA': () => {
          items = items.filter((item) => item.current);
          return { status: 204 };
        },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    expect(await screen.findByText('This session')).toBeVisible();
    expect(screen.getAllByText(/203\.0\.113\.7/)).toHaveLength(2);
    // The current session has no Sign out of its own.
    expect(
      screen.queryByRole('button', { name: 'Sign out: Firefox 133 on Windows 10' }),
    ).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign out: Chrome 131 on Windows 10' }));
    expect(await screen.findByText('Session signed out')).toBeVisible();
    expect(await screen.findByText('No other sessions.')).toBeVisible();
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(true);
  });
});

describe('the device of each session', () => {
  it('shows a phone for an iPhone, a tablet for an iPad and a computer otherwise', async () => {
    stubApi(
      {
        'GET /account': { body: account },
        'GET /account/sessions': {
          body: {
            items: [
              session({ id: 'thisSessionIdIs22chars', current: true }),
              session({
                id: 'iPhoneSessionIdIs22chr',
                browser: 'Safari 17',
                system: 'iOS 17.5',
                device: 'phone',
              }),
              session({
                id: 'iPadSessionIdIs22chars',
                browser: 'Safari 17',
                system: 'iOS 17.5',
                device: 'tablet',
              }),
            ],
          },
        },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    const list = (await screen.findByText('This session')).closest('ul');
    if (!list) throw new Error('no session list');
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('img').getAttribute('aria-label'))).toEqual([
      'Computer',
      'Phone',
      'Tablet',
    ]);
  });
});

describe('download your data', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:export');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('asks for the password when the server wants it, then downloads', async () => {
    const user = userEvent.setup();
    let confirmed = false;
    const api = stubApi(
      {
        'GET /account': { body: account },
        'GET /account/sessions': { body: { items: [] } },
        'GET /account/export': () =>
          confirmed
            ? { body: { account: { email: 'miner@example.com' } } }
            : apiError(403, 'REAUTHENTICATION_REQUIRED', 'Enter your password again to continue.'),
        'POST /account/reauthenticate': ({ body }) => {
          if ((body as { password: string }).password !== 'right one') {
            return apiError(400, 'BAD_REQUEST', 'Password is incorrect', {
              password: 'Password is incorrect',
            });
          }
          confirmed = true;
          return { status: 204 };
        },
      },
      signedInUser,
    );
    renderWithToasts(<AccountPage />, { path: '/account' });
    await user.click(await screen.findByRole('button', { name: 'Download your data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Password is incorrect')).toBeVisible();
    expect(URL.createObjectURL).not.toHaveBeenCalled();

    await user.clear(within(dialog).getByLabelText('Password'));
    await user.type(within(dialog).getByLabelText('Password'), 'right one');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Your data is downloading')).toBeVisible();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.sent('POST /account/reauthenticate')).toEqual([
      { password: 'wrong' },
      { password: 'right one' },
    ]);
  });
});
