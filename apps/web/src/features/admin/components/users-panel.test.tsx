import type { AdminUser, AdminUsersPage } from '@btcp/shared/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { type ApiCall, type ApiReply, apiError, stubApi } from '#web/test/stub-api.ts';
import { UsersPanel } from './users-panel.tsx';

const alice: AdminUser = {
  id: 'u1',
  email: 'alice@example.com',
  username: 'alice',
  memberTag: 'a11ce0',
  referralCode: 'ABCD2345',
  referralsCount: 3,
  isModerator: true,
  isBanned: false,
  emailVerified: true,
  createdAt: '2025-01-05T10:00:00.000Z',
  deletedAt: null,
};
const bob: AdminUser = {
  ...alice,
  id: 'u2',
  email: 'bob@example.com',
  username: null,
  memberTag: 'b0b123',
  referralCode: 'WXYZ6789',
  referralsCount: 0,
  isModerator: false,
  createdAt: '2025-03-20T10:00:00.000Z',
};

function page(items: AdminUser[], total = items.length): AdminUsersPage {
  return { items, total, page: 1, pageSize: 20 };
}

/**
 * The API's users as a small server: the list answers from the search term, a PATCH changes the
 * user and answers the updated row. `holdSearches` keeps every searched list's answer, read when
 * asked, until `releaseSearches`.
 */
function usersServer(options: { holdSearches?: boolean } = {}) {
  const users = new Map([alice, bob].map((user) => [user.id, { ...user }]));
  const held: (() => void)[] = [];
  const list = async (call: ApiCall): Promise<ApiReply> => {
    const search = call.query.get('search')?.toLowerCase();
    const body = page([...users.values()].filter((user) => !search || user.email.includes(search)));
    if (search && options.holdSearches) await new Promise<void>((go) => held.push(go));
    return { body };
  };
  const patch = (call: ApiCall): ApiReply => {
    const id = call.path.split('/').at(-1) ?? '';
    const user = users.get(id);
    if (!user) return apiError(404, 'NOT_FOUND', 'User not found');
    Object.assign(user, call.body);
    return { body: { ...user } };
  };
  return {
    routes: {
      'GET /admin/users': list,
      'PATCH /admin/users/u1': patch,
      'PATCH /admin/users/u2': patch,
    },
    held,
    releaseSearches: () => {
      for (const go of held.splice(0)) go();
    },
  };
}

function renderPanel() {
  return renderWithToasts(<UsersPanel />, { path: '/admin/users' });
}

function row(email: string) {
  const cell = screen.getByRole('cell', { name: email });
  const tableRow = cell.closest('tr');
  if (!tableRow) throw new Error(`no row for ${email}`);
  return within(tableRow);
}

describe('UsersPanel', () => {
  it('lists users with their details', async () => {
    stubApi(usersServer().routes);
    renderPanel();
    await screen.findByRole('cell', { name: 'alice@example.com' });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual([
      'Email',
      'Username',
      'Referral Code',
      'Referrals',
      'Joined',
      'Moderator',
      'Banned',
      'Actions',
    ]);
    expect(row('alice@example.com').getByRole('cell', { name: 'Jan 5, 2025' })).toBeVisible();
    expect(row('bob@example.com').getByRole('cell', { name: 'Member #b0b123' })).toBeVisible();
    expect(
      row('alice@example.com').getByRole('switch', { name: 'Moderator: alice@example.com' }),
    ).toBeChecked();
    expect(
      row('bob@example.com').getByRole('switch', { name: 'Banned: bob@example.com' }),
    ).not.toBeChecked();
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
    expect(screen.getByText('Total: 2 users')).toBeVisible();
  });

  it('marks a deleted account and offers no switch or action on it', async () => {
    const gone: AdminUser = {
      ...bob,
      id: 'u3',
      email: 'deleted:u3',
      deletedAt: '2026-02-01T10:00:00.000Z',
    };
    stubApi({ 'GET /admin/users': { body: page([alice, gone]) } });
    renderPanel();
    const cell = await screen.findByRole('cell', { name: /deleted:u3/ });
    const deletedRow = within(cell.closest('tr') as HTMLElement);
    expect(deletedRow.getByText('Deleted')).toBeVisible();
    expect(deletedRow.getByRole('cell', { name: 'Deleted account' })).toBeVisible();
    expect(deletedRow.queryAllByRole('switch')).toEqual([]);
    expect(deletedRow.queryAllByRole('button')).toEqual([]);
    expect(deletedRow.getAllByText('Not applicable to a deleted account')).toHaveLength(2);
    expect(row('alice@example.com').getAllByRole('switch')).toHaveLength(2);
  });

  it('searches on the server once typing pauses', async () => {
    const { calls } = stubApi(usersServer().routes);
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('cell', { name: 'bob@example.com' });
    await user.type(screen.getByLabelText('Search by email or username'), 'ALICE');
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'bob@example.com' })).not.toBeInTheDocument(),
    );
    const searches = calls
      .filter((call) => call.path === '/admin/users')
      .map((call) => call.query.get('search'));
    // One request for the empty list, then one for the finished word, not one per key.
    expect(searches).toEqual([null, 'ALICE']);
  });

  it('says so when nothing matches', async () => {
    stubApi({ 'GET /admin/users': { body: page([]) } });
    renderPanel();
    expect(await screen.findByText('No users found.')).toBeVisible();
  });

  it('bans a user only once confirmed, and offers to undo it', async () => {
    const { calls } = stubApi(usersServer().routes);
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('cell', { name: 'bob@example.com' });
    const banSwitch = () => screen.getByRole('switch', { name: 'Banned: bob@example.com' });
    // Asked first: cancelling changes nothing.
    await user.click(banSwitch());
    const dialog = await screen.findByRole('alertdialog', { name: 'Ban bob@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'PATCH')).toHaveLength(0);
    expect(banSwitch()).not.toBeChecked();

    await user.click(banSwitch());
    const again = await screen.findByRole('alertdialog', { name: 'Ban bob@example.com?' });
    await user.click(within(again).getByRole('button', { name: 'Ban user' }));
    await waitFor(() => expect(banSwitch()).toBeChecked());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { isBanned: true },
    ]);
    expect(await screen.findByText('User updated')).toBeVisible();

    // Undo lifts the ban again.
    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(banSwitch()).not.toBeChecked());
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { isBanned: true },
      { isBanned: false },
    ]);
  });

  it('keeps a ban made while a search was still on its way', async () => {
    // The search is read before the ban commits and answered after it: a stale list.
    const server = usersServer({ holdSearches: true });
    stubApi(server.routes);
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('cell', { name: 'bob@example.com' });
    await user.type(screen.getByLabelText('Search by email or username'), 'bob');
    await waitFor(() => expect(server.held).toHaveLength(1));
    const banSwitch = () => screen.getByRole('switch', { name: 'Banned: bob@example.com' });
    await user.click(banSwitch());
    const dialog = await screen.findByRole('alertdialog', { name: 'Ban bob@example.com?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ban user' }));
    expect(await screen.findByText('User updated')).toBeVisible();
    server.releaseSearches();
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'alice@example.com' })).toBeNull(),
    );
    await waitFor(() => expect(banSwitch()).toBeChecked());
    // Every answer is in now, and the ban still shows.
    server.releaseSearches();
    await new Promise((settle) => setTimeout(settle, 50));
    expect(banSwitch()).toBeChecked();
  });

  it('puts the switch back and says so when the server refuses', async () => {
    stubApi({
      ...usersServer().routes,
      'PATCH /admin/users/u2': apiError(403, 'FORBIDDEN', 'You don\u2019t have admin privileges'),
    });
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('cell', { name: 'bob@example.com' });
    await user.click(screen.getByRole('switch', { name: 'Moderator: bob@example.com' }));
    expect(await screen.findByText('Failed to update moderator status')).toBeVisible();
    expect(screen.getByRole('switch', { name: 'Moderator: bob@example.com' })).not.toBeChecked();
  });

  it('names the moderator action for what it does: Remove moderator asks first, then only removes the flag', async () => {
    const { calls } = stubApi(usersServer().routes);
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('cell', { name: 'alice@example.com' });
    expect(row('alice@example.com').queryByRole('button', { name: /Delete/ })).toBeNull();
    const action = () =>
      row('alice@example.com').getByRole('button', { name: /moderator: alice@example.com$/ });
    expect(action()).toHaveAccessibleName('Remove moderator: alice@example.com');
    expect(action()).toBeEnabled();
    await user.click(action());

    const dialog = await screen.findByRole('alertdialog', { name: 'Remove moderator rights?' });
    expect(dialog).toHaveTextContent('profile, wallet and posts are kept');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);

    await user.click(action());
    const again = await screen.findByRole('alertdialog');
    await user.click(within(again).getByLabelText('Reason (optional)'));
    await user.paste('Stepped down');
    await user.click(within(again).getByRole('button', { name: 'Remove moderator' }));
    await waitFor(() =>
      expect(
        screen.getByRole('switch', { name: 'Moderator: alice@example.com' }),
      ).not.toBeChecked(),
    );
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { isModerator: false, reason: 'Stepped down' },
    ]);
    // The same button now offers the opposite, and keeps the focus.
    await waitFor(() => expect(action()).toHaveAccessibleName('Make moderator: alice@example.com'));
    await waitFor(() => expect(action()).toHaveFocus());
    expect(screen.getByRole('cell', { name: 'alice@example.com' })).toBeVisible();
  });

  it('Make moderator saves at once', async () => {
    const { calls } = stubApi(usersServer().routes);
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('cell', { name: 'bob@example.com' });
    await user.click(
      row('bob@example.com').getByRole('button', { name: 'Make moderator: bob@example.com' }),
    );
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Moderator: bob@example.com' })).toBeChecked(),
    );
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'PATCH').map((call) => call.body)).toEqual([
      { isModerator: true },
    ]);
  });

  it('pages through the list', async () => {
    const { calls } = stubApi({
      'GET /admin/users': (call) => ({
        body: {
          ...page([call.query.get('page') === '2' ? bob : alice], 21),
          page: Number(call.query.get('page')),
        },
      }),
    });
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('cell', { name: 'alice@example.com' });
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'bob@example.com' })).toBeVisible();
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    expect(calls.at(-1)?.query.get('pageSize')).toBe('20');
  });

  it('says "Failed to load users" when the list cannot be loaded', async () => {
    stubApi({
      'GET /admin/users': apiError(500, 'INTERNAL_ERROR', 'Internal error'),
    });
    renderPanel();
    expect((await screen.findAllByText('Failed to load users')).length).toBeGreaterThan(0);
  });
});
