import type { AdminWallet } from '@btcp/shared/wallet';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectToast } from '#web/test/expect-toast.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { type ApiCall, type ApiRoute, apiError, stubApi } from '#web/test/stub-api.ts';
import { WalletsPanel } from './wallets-panel.tsx';

const alice: AdminWallet = {
  userId: 'u1',
  email: 'alice@example.com',
  username: 'alice',
  memberTag: 'a11ce0',
  balance: '10.5',
};
const adjustPath = 'POST /admin/wallets/u1/adjust';

async function openDialog(
  adjust: ApiRoute = { body: { balance: '0', delta: '0', applied: true } },
) {
  let balance = alice.balance;
  const api = stubApi({
    'GET /admin/wallets': () => ({
      body: { items: [{ ...alice, balance }], total: 1, page: 1, pageSize: 20 },
    }),
    [adjustPath]: async (call: ApiCall) => {
      const reply = typeof adjust === 'function' ? await adjust(call) : adjust;
      const result = reply.body as { balance?: string } | undefined;
      if (result?.balance) balance = result.balance;
      return reply;
    },
  });
  const user = userEvent.setup();
  renderWithToasts(<WalletsPanel />, { path: '/admin/wallets' });
  await user.click(
    await screen.findByRole('button', { name: 'Manage wallet of alice@example.com' }),
  );
  const dialog = await screen.findByRole('dialog', { name: 'Manage Wallet Balance' });
  return { ...api, user, dialog: within(dialog) };
}

type Dialog = Awaited<ReturnType<typeof openDialog>>['dialog'];

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  dialog: Dialog,
  tab: string,
  amount: string,
) {
  await user.click(dialog.getByRole('tab', { name: tab }));
  const input = dialog.getByRole('spinbutton');
  await user.clear(input);
  if (amount) await user.type(input, amount);
  return input;
}

function adjustCalls(calls: ApiCall[]) {
  return calls.filter((call) => call.method === 'POST');
}

function headersOf(fetchMock: ReturnType<typeof stubApi>['fetchMock'], index: number) {
  const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return new Headers(posts[index]?.[1]?.headers);
}

describe('Manage Wallet Balance dialog', () => {
  it('shows the email, the current balance and the three tabs, and closes on Escape', async () => {
    const { user, dialog } = await openDialog();
    expect(dialog.getByText('alice@example.com')).toBeVisible();
    expect(dialog.getByText('10.50000000 BTCP')).toBeVisible();
    expect(dialog.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Set Balance',
      'Add Coins',
      'Remove Coins',
    ]);
    expect(dialog.getByRole('spinbutton')).toHaveAttribute('min', '0');
    expect(dialog.getByRole('spinbutton')).toHaveAttribute('step', '0.00000001');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      screen.getByRole('button', { name: 'Manage wallet of alice@example.com' }),
    ).toHaveFocus();
  });

  it('Set Balance refuses a missing or negative number', async () => {
    const { user, dialog, calls } = await openDialog();
    await fill(user, dialog, 'Set Balance', '');
    await user.click(dialog.getByRole('button', { name: 'Set Balance' }));
    const error = 'Invalid balance: Please enter a valid positive number';
    expect(dialog.getByText(error)).toBeVisible();

    const input = await fill(user, dialog, 'Set Balance', '-3');
    expect(dialog.queryByText(error)).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Set Balance' }));
    // Inline, tied to the field, like every other form: no toast over the dialog.
    expect(input).toHaveAccessibleDescription(expect.stringContaining(error));
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveFocus();
    expect(screen.queryByText('Invalid balance', { exact: true })).not.toBeInTheDocument();
    expect(adjustCalls(calls)).toHaveLength(0);
  });

  it('Add Coins refuses zero', async () => {
    const { user, dialog, calls } = await openDialog();
    const input = await fill(user, dialog, 'Add Coins', '0');
    expect(input).toHaveAttribute('min', '0.00000001');
    await user.click(dialog.getByRole('button', { name: 'Add Coins' }));
    expect(dialog.getByText('Invalid amount: Please enter an amount greater than 0')).toBeVisible();
    expect(adjustCalls(calls)).toHaveLength(0);
  });

  it('Remove Coins refuses zero and more than the balance', async () => {
    const { user, dialog, calls } = await openDialog();
    const input = await fill(user, dialog, 'Remove Coins', '0');
    expect(input).toHaveAttribute('max', '10.5');
    await user.click(dialog.getByRole('button', { name: 'Remove Coins' }));
    expect(dialog.getByText('Invalid amount: Please enter an amount greater than 0')).toBeVisible();

    await fill(user, dialog, 'Remove Coins', '10.50000001');
    await user.click(dialog.getByRole('button', { name: 'Remove Coins' }));
    expect(
      dialog.getByText('Insufficient balance: Cannot subtract more than current balance'),
    ).toBeVisible();
    expect(adjustCalls(calls)).toHaveLength(0);
  });

  it('refuses a 9th decimal rather than rounding it', async () => {
    const { user, dialog, calls } = await openDialog();
    await fill(user, dialog, 'Add Coins', '1.123456789');
    await user.click(dialog.getByRole('button', { name: 'Add Coins' }));
    expect(dialog.getByText('Invalid amount: Use at most 8 decimal places.')).toBeVisible();
    expect(adjustCalls(calls)).toHaveLength(0);
  });

  it('adds coins with an Idempotency-Key, then refreshes the list and closes', async () => {
    const { user, dialog, calls, fetchMock } = await openDialog({
      body: { balance: '23', delta: '12.5', applied: true },
    });
    await fill(user, dialog, 'Add Coins', '12.5');
    await user.type(dialog.getByRole('textbox', { name: 'Reason' }), 'Contest prize');
    await user.click(dialog.getByRole('button', { name: 'Add Coins' }));

    await expectToast('Added 12.5 BTCP to alice@example.com');
    expect(screen.getByText('New balance: 23.00000000 BTCP')).toBeVisible();
    expect(adjustCalls(calls).map((call) => call.body)).toEqual([
      { mode: 'add', amount: '12.5', reason: 'Contest prize' },
    ]);
    expect(headersOf(fetchMock, 0).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: '23.00000000' })).toBeVisible();
  });

  it('removes and sets with the product wording', async () => {
    const { user, dialog, calls } = await openDialog((call) => ({
      body: { balance: '4', delta: '0', applied: true, ...(call.body as object) },
    }));
    await fill(user, dialog, 'Remove Coins', '10.5');
    await user.click(dialog.getByRole('button', { name: 'Remove Coins' }));
    await expectToast('Subtracted 10.5 BTCP from alice@example.com');
    expect(adjustCalls(calls)[0]?.body).toEqual({ mode: 'subtract', amount: '10.5' });

    await user.click(screen.getByRole('button', { name: 'Manage wallet of alice@example.com' }));
    const again = within(await screen.findByRole('dialog'));
    await fill(user, again, 'Set Balance', '0');
    await user.click(again.getByRole('button', { name: 'Set Balance' }));
    await expectToast('Set balance of alice@example.com to 0 BTCP');
    expect(adjustCalls(calls)[1]?.body).toEqual({ mode: 'set', amount: '0' });
  });

  it('shows the server refusal and stays open', async () => {
    const { user, dialog } = await openDialog(
      apiError(400, 'INSUFFICIENT_BALANCE', 'Cannot subtract more than current balance'),
    );
    await fill(user, dialog, 'Remove Coins', '1');
    await user.click(dialog.getByRole('button', { name: 'Remove Coins' }));
    await expectToast('Failed to adjust balance');
    expect(screen.getByText('Cannot subtract more than current balance')).toBeVisible();
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('retries a submission whose answer was lost with the same key', async () => {
    let attempt = 0;
    const { user, dialog, fetchMock } = await openDialog(() => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return { body: { balance: '11.5', delta: '1', applied: false } };
    });
    await fill(user, dialog, 'Add Coins', '1');
    await user.click(dialog.getByRole('button', { name: 'Add Coins' }));
    await expectToast('Failed to adjust balance');
    await user.click(dialog.getByRole('button', { name: 'Add Coins' }));
    await expectToast('Added 1 BTCP to alice@example.com');
    const first = headersOf(fetchMock, 0).get('idempotency-key');
    expect(first).toBeTruthy();
    expect(headersOf(fetchMock, 1).get('idempotency-key')).toBe(first);
  });

  it('uses a new key once the server has refused a submission', async () => {
    const { user, dialog, fetchMock } = await openDialog(apiError(400, 'BAD_REQUEST', 'No'));
    await fill(user, dialog, 'Add Coins', '1');
    await user.click(dialog.getByRole('button', { name: 'Add Coins' }));
    await screen.findByText('Failed to adjust balance');
    await user.click(dialog.getByRole('button', { name: 'Add Coins' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(2),
    );
    expect(headersOf(fetchMock, 1).get('idempotency-key')).not.toBe(
      headersOf(fetchMock, 0).get('idempotency-key'),
    );
  });
});
