import type { AdminWallet, AdminWalletsPage } from '@btcp/shared/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { type ApiCall, apiError, stubApi } from '#web/test/stub-api.ts';
import { WalletsPanel } from './wallets-panel.tsx';

const alice: AdminWallet = {
  userId: 'u1',
  email: 'alice@example.com',
  username: 'alice',
  memberTag: 'a11ce0',
  balance: '1234.5',
};
const bob: AdminWallet = {
  userId: 'u2',
  email: 'bob@example.com',
  username: null,
  memberTag: 'b0b123',
  balance: '0',
};

function page(items: AdminWallet[], total = items.length): AdminWalletsPage {
  return { items, total, page: 1, pageSize: 20 };
}

function listRoute(call: ApiCall) {
  const search = call.query.get('search')?.toLowerCase();
  return { body: page([alice, bob].filter((wallet) => !search || wallet.email.includes(search))) };
}

function renderPanel() {
  return renderWithToasts(<WalletsPanel />, { path: '/admin/wallets' });
}

function row(email: string) {
  const tableRow = screen.getByRole('cell', { name: email }).closest('tr');
  if (!tableRow) throw new Error(`no row for ${email}`);
  return within(tableRow);
}

describe('WalletsPanel', () => {
  it('lists wallets with 8-decimal balances and the member tag for a missing username', async () => {
    stubApi({ 'GET /admin/wallets': listRoute });
    renderPanel();
    expect(screen.getByText('Loading wallet data...')).toBeVisible();
    await screen.findByRole('cell', { name: 'alice@example.com' });
    expect(screen.queryByText('Loading wallet data...')).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Email',
      'Username',
      'Wallet Balance',
      'Actions',
    ]);
    expect(row('alice@example.com').getByRole('cell', { name: '1,234.50000000' })).toBeVisible();
    expect(row('bob@example.com').getByRole('cell', { name: 'Member #b0b123' })).toBeVisible();
    expect(row('bob@example.com').getByRole('cell', { name: '0.00000000' })).toBeVisible();
    expect(
      row('bob@example.com').getByRole('button', { name: 'Manage wallet of bob@example.com' }),
    ).toBeVisible();
    expect(screen.getByText('Total: 2 wallets')).toBeVisible();
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
  });

  it('keeps every digit of a balance too long for a float', async () => {
    stubApi({
      'GET /admin/wallets': { body: page([{ ...alice, balance: '123456789012.12345678' }]) },
    });
    renderPanel();
    expect(await screen.findByRole('cell', { name: '123,456,789,012.12345678' })).toBeVisible();
    expect(screen.getByText('Total: 1 wallet')).toBeVisible();
  });

  it('searches on the server once typing pauses', async () => {
    const { calls } = stubApi({ 'GET /admin/wallets': listRoute });
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('cell', { name: 'bob@example.com' });
    await user.type(screen.getByRole('searchbox', { name: 'Search by email or username' }), 'ALI');
    await waitFor(() =>
      expect(screen.queryByRole('cell', { name: 'bob@example.com' })).not.toBeInTheDocument(),
    );
    const searches = calls
      .filter((call) => call.path === '/admin/wallets')
      .map((call) => call.query.get('search'));
    expect(searches).toEqual([null, 'ALI']);
    expect(screen.getByPlaceholderText('Search by email or username')).toBeVisible();
  });

  it('asks again on Refresh', async () => {
    const { calls } = stubApi({ 'GET /admin/wallets': listRoute });
    const user = userEvent.setup();
    renderPanel();
    await screen.findByRole('cell', { name: 'bob@example.com' });
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(calls).toHaveLength(2));
  });

  it('says so when nothing matches', async () => {
    stubApi({ 'GET /admin/wallets': { body: page([]) } });
    renderPanel();
    expect(await screen.findByText('No wallets found.')).toBeVisible();
    expect(screen.getByText('Total: 0 wallets')).toBeVisible();
  });

  it('pages through the list', async () => {
    const { calls } = stubApi({
      'GET /admin/wallets': (call) => ({
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
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('cell', { name: 'bob@example.com' })).toBeVisible();
    expect(calls.at(-1)?.query.get('page')).toBe('2');
    expect(calls.at(-1)?.query.get('pageSize')).toBe('20');
  });

  it('says "Failed to load wallet data" when the list cannot be loaded', async () => {
    stubApi({
      'GET /admin/wallets': apiError(500, 'INTERNAL_ERROR', 'Internal error'),
    });
    renderPanel();
    await waitFor(() =>
      expect(screen.getAllByText('Failed to load wallet data').length).toBeGreaterThan(1),
    );
  });
});
