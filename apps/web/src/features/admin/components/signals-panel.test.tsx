import type { SignalCluster } from '@btcp/shared/signals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { SignalsPanel } from './signals-panel.tsx';

const farm: SignalCluster = {
  kind: 'network',
  key: '203.0.113.0/24',
  label: '203.0.113.0/24',
  accountCount: 3,
  note: null,
  referrerId: null,
  accounts: [
    {
      id: 'u3',
      email: `farm-${'x'.repeat(120)}@example.com`,
      username: null,
      memberTag: 'f4a2b1',
      createdAt: '2026-05-01T10:00:00.000Z',
      status: 'active',
      balance: '1.5',
      miningNow: true,
    },
  ],
};

const renderPanel = () => renderWithToasts(<SignalsPanel />, { path: '/admin/users' });

describe('Signals tab (decision 033)', () => {
  it('says so when there is nothing to review', async () => {
    stubApi({ 'GET /admin/signals': { body: { clusters: [] } } });
    renderPanel();
    expect(await screen.findByText('No signals right now')).toBeVisible();
  });

  it('offers a retry when the list fails to load', async () => {
    stubApi({ 'GET /admin/signals': apiError(500, 'INTERNAL_ERROR', 'Internal error') });
    renderPanel();
    expect(await screen.findByText('Failed to load signals')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('lists a cluster with its accounts, and bans it all with a reason it requires', async () => {
    let clusters = [farm];
    const { calls } = stubApi({
      'GET /admin/signals': () => ({ body: { clusters } }),
      'POST /admin/signals/ban': () => {
        clusters = [];
        return { body: { message: 'Banned 3 accounts', accounts: 3 } };
      },
    });
    const user = userEvent.setup();
    renderPanel();
    const card = (await screen.findByRole('heading', { name: '203.0.113.0/24' })).closest('li');
    if (!card) throw new Error('no cluster card');
    expect(within(card).getByText('3 accounts')).toBeVisible();
    await user.click(within(card).getByText(/Show accounts/));
    expect(within(card).getByRole('cell', { name: farm.accounts[0]?.email })).toBeVisible();
    expect(within(card).getByRole('cell', { name: '1.50000000' })).toBeVisible();

    await user.click(within(card).getByRole('button', { name: 'Ban accounts' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ban 1 account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Enter a reason for the ban');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason'), 'One farm');
    await user.click(within(dialog).getByRole('button', { name: 'Ban 1 account' }));
    expect(await screen.findByText('Banned 3 accounts')).toBeVisible();
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({
      kind: 'network',
      key: '203.0.113.0/24',
      reason: 'One farm',
      accountIds: ['u3'],
    });
    await waitFor(() => expect(screen.getByText('No signals right now')).toBeVisible());
  });

  it("leaves a referral tree's referrer out of a ban at first, and bans only the accounts ticked", async () => {
    const [first] = farm.accounts;
    if (!first) throw new Error('no account');
    const member = (id: string, email: string) => ({ ...first, id, email });
    const tree: SignalCluster = {
      ...farm,
      kind: 'referral_tree',
      key: 'root 100.64.9.0/24',
      label: 'Referred by root@example.com from 100.64.9.0/24',
      referrerId: 'root',
      accounts: [
        member('a', 'a@example.com'),
        member('b', 'b@example.com'),
        member('root', 'root@example.com'),
      ],
    };
    const { calls } = stubApi({
      'GET /admin/signals': { body: { clusters: [tree] } },
      'POST /admin/signals/ban': { body: { message: 'Banned 1 account', accounts: 1 } },
    });
    const user = userEvent.setup();
    renderPanel();
    // Each cluster is a section under the page's h1.
    expect(await screen.findByRole('heading', { level: 2, name: tree.label })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Ban accounts' }));
    const dialog = await screen.findByRole('alertdialog');
    const box = (name: RegExp) => within(dialog).getByRole('checkbox', { name });
    expect(box(/^root@example\.com \(the referrer\)$/)).not.toBeChecked();
    expect(box(/^a@example\.com$/)).toBeChecked();
    expect(box(/^b@example\.com$/)).toBeChecked();
    await user.click(box(/^b@example\.com$/));
    await user.click(box(/^a@example\.com$/));
    await user.click(within(dialog).getByRole('button', { name: 'Ban 0 accounts' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Choose at least one account');
    await user.click(box(/^a@example\.com$/));
    await user.type(within(dialog).getByLabelText('Reason'), 'Farmed friends');
    await user.click(within(dialog).getByRole('button', { name: 'Ban 1 account' }));
    expect(await screen.findByText('Banned 1 account')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'referral_tree',
      key: 'root 100.64.9.0/24',
      reason: 'Farmed friends',
      accountIds: ['a'],
    });
  });

  it('marks a cluster as fine after confirming', async () => {
    const { calls } = stubApi({
      'GET /admin/signals': { body: { clusters: [farm] } },
      'POST /admin/signals/dismiss': { body: { message: 'Marked as fine', accounts: 3 } },
    });
    const user = userEvent.setup();
    renderPanel();
    await user.click(await screen.findByRole('button', { name: 'Looks fine' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Looks fine' }));
    expect(await screen.findByText('Marked as fine')).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      kind: 'network',
      key: '203.0.113.0/24',
    });
  });
});
