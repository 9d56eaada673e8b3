import type { Transaction, TransactionsPage } from '@btcp/shared/wallet';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { stubEventSource } from '#web/test/stub-event-source.ts';
import SignedInServices from '../layouts/signed-in-services.tsx';
import { Component as WalletPage } from './wallet.tsx';

const transaction = (overrides: Partial<Transaction>): Transaction => ({
  id: 't1',
  amount: '1.66666667',
  type: 'MINING',
  description: 'Mining reward',
  createdAt: '2025-03-01T12:00:00.000Z',
  ...overrides,
});

const page = (items: Transaction[], total = items.length, pageNumber = 1): TransactionsPage => ({
  items,
  total,
  page: pageNumber,
  pageSize: 10,
});

function rows() {
  const table = screen.getByRole('region', { name: 'Transactions' });
  return within(table).getAllByRole('row').slice(1);
}

describe('wallet page', () => {
  beforeEach(() => {
    stubEventSource();
  });

  it('shows the balance with 8 decimals and each amount with its own sign', async () => {
    stubApi(
      {
        'GET /wallet': { body: { balance: '1234.5' } },
        'GET /wallet/transactions': {
          body: page([
            transaction({ id: 't1', amount: '1.66666667', type: 'MINING' }),
            transaction({ id: 't2', amount: '-5.00000000', type: 'ADMIN_ADJUSTMENT' }),
            transaction({ id: 't3', amount: '10', type: 'ADMIN_ADJUSTMENT' }),
          ]),
        },
      },
      signedInUser,
    );
    renderWithToasts(<WalletPage />, { path: '/wallet' });
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeVisible();
    expect(document.title).toBe('Wallet | BTCP');
    expect(await screen.findByText('1,234')).toBeVisible();
    expect(screen.getByText('.50000000')).toBeVisible();

    await screen.findByText('+1.66666667');
    const [mining, debit, credit] = rows();
    expect(within(mining as HTMLElement).getByText('+1.66666667')).toHaveClass('text-success');
    expect(within(debit as HTMLElement).getByText('-5.00000000')).toHaveClass('text-destructive');
    // D10: a positive adjustment is a plus, whatever its type.
    expect(within(credit as HTMLElement).getByText('+10.00000000')).toHaveClass('text-success');
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
  });

  it('shows the empty state with a way to start mining', async () => {
    stubApi(
      {
        'GET /wallet': { body: { balance: '0' } },
        'GET /wallet/transactions': { body: page([]) },
      },
      signedInUser,
    );
    renderWithToasts(<WalletPage />, { path: '/wallet' });
    expect(await screen.findByText('No transactions yet')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Mining' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows Send and Receive as unavailable, with the reason written on them', async () => {
    const user = userEvent.setup();
    stubApi(
      {
        'GET /wallet': { body: { balance: '0' } },
        'GET /wallet/transactions': { body: page([]) },
      },
      signedInUser,
    );
    renderWithToasts(<WalletPage />, { path: '/wallet' });
    for (const name of ['Send', 'Receive']) {
      const button = screen.getByRole('button', { name });
      // Reachable by keyboard and announced as unavailable, with its reason visible on it.
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription('Available in 2027');
      expect(button).toHaveTextContent(`${name}Available in 2027`);
      await user.click(button);
    }
    // Pressing them does nothing: no toast answers "not yet".
    expect(screen.queryByText(/coming soon|please wait/i)).toBeNull();
    expect(screen.getAllByText('Available in 2027')).toHaveLength(2);
  });

  it('pages through the history', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      {
        'GET /wallet': { body: { balance: '0' } },
        'GET /wallet/transactions': ({ url }) => {
          const pageNumber = Number(url.searchParams.get('page'));
          return {
            body: page(
              [transaction({ id: `p${pageNumber}`, description: `Row on page ${pageNumber}` })],
              15,
              pageNumber,
            ),
          };
        },
      },
      signedInUser,
    );
    renderWithToasts(<WalletPage />, { path: '/wallet' });
    expect(await screen.findByText('Row on page 1')).toBeVisible();
    expect(screen.getByText('Page 1 of 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Row on page 2')).toBeVisible();
    expect(screen.getByText('Page 2 of 2')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(api.sent('GET /wallet/transactions')).toHaveLength(2);
  });

  it('toasts when the wallet or the transactions fail to load', async () => {
    stubApi(
      {
        'GET /wallet': apiError(500, 'INTERNAL_ERROR', 'Something went wrong'),
        'GET /wallet/transactions': apiError(500, 'INTERNAL_ERROR', 'Something went wrong'),
      },
      signedInUser,
    );
    renderWithToasts(<WalletPage />, { path: '/wallet' });
    // Sonner stacks toasts, so the older one is in the page but behind the newer.
    expect(await screen.findByText('Error loading wallet')).toBeInTheDocument();
    expect(await screen.findByText('Error loading transactions')).toBeInTheDocument();
  });

  it('puts live balance and new transactions on screen without a reload', async () => {
    const Source = stubEventSource();
    stubApi(
      {
        'GET /wallet': { body: { balance: '1' } },
        'GET /wallet/transactions': {
          body: page([transaction({ id: 'old', description: 'Older reward' })]),
        },
      },
      signedInUser,
    );
    // The stream runs above the routes, as in the app.
    renderWithToasts(
      <>
        <SignedInServices />
        <WalletPage />
      </>,
      { path: '/wallet' },
    );
    await screen.findByText('Older reward');
    Source.latest().open();
    Source.latest().send({
      type: 'ledger',
      balance: '41',
      transaction: transaction({
        id: 'new',
        amount: '40.00000000',
        type: 'REFERRAL',
        description: 'Referral bonus',
      }),
      mining: null,
    });

    expect(await screen.findByText('Referral bonus')).toBeVisible();
    const [first, second] = rows();
    expect(first).toHaveTextContent('Referral bonus');
    expect(first).toHaveTextContent('+40.00000000');
    expect(second).toHaveTextContent('Older reward');
    expect(await screen.findByText('41')).toBeVisible();
  });
});
