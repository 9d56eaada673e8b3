import type { ProofRecord } from '@btcp/shared/proof-schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectToast } from '#web/test/expect-toast.ts';
import { makeChain, makeSigningKey } from '#web/test/proof-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInAdmin, stubApi } from '#web/test/stub-api.ts';
import { ProofAdminCard } from './proof-admin-card.tsx';

async function records(count: number) {
  const key = await makeSigningKey();
  return (await makeChain(count, ['5.00000000', '2.50000000'], key)).map((s) => s.record);
}

const page = (items: ProofRecord[]) => ({
  body: { items: [...items].sort((a, b) => b.id - a.id), nextBefore: null },
});

describe('Proof of balances card', () => {
  it('takes a snapshot after confirming, busy meanwhile, and shows its record', async () => {
    const [first, second] = await records(2);
    let published = [first as ProofRecord];
    let release: () => void = () => {};
    const api = stubApi(
      {
        'GET /proof/snapshots': () => page(published),
        'POST /admin/proof/snapshots': () =>
          new Promise((resolve) => {
            release = () => {
              published = [first as ProofRecord, second as ProofRecord];
              resolve({ status: 201, body: second });
            };
          }),
      },
      signedInAdmin,
    );
    const user = userEvent.setup();
    renderWithToasts(<ProofAdminCard />);
    const latest = await screen.findByRole('list', { name: 'Latest snapshots' });
    expect(within(latest).getAllByRole('listitem')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Take a snapshot now' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Take a snapshot now?' });
    expect(api.sent('POST /admin/proof/snapshots')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Take snapshot' }));
    expect(
      await within(dialog).findByRole('button', { name: 'Taking snapshot...' }),
    ).toBeDisabled();

    release();
    await expectToast('Snapshot #2 taken and published');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(
      screen.getByText('Snapshot #2: 7.50000000 BTCP across 2 accounts.', {
        selector: '[role="status"]',
      }),
    ).toBeVisible();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Latest snapshots' })).getAllByRole('listitem'),
      ).toHaveLength(2),
    );
  });

  it('says why when a snapshot is already being taken', async () => {
    const [first] = await records(1);
    stubApi(
      {
        'GET /proof/snapshots': page([first as ProofRecord]),
        'POST /admin/proof/snapshots': apiError(
          409,
          'CONFLICT',
          'A snapshot is being taken right now; try again in a minute.',
        ),
      },
      signedInAdmin,
    );
    const user = userEvent.setup();
    renderWithToasts(<ProofAdminCard />);
    await user.click(await screen.findByRole('button', { name: 'Take a snapshot now' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Take snapshot' }));
    await expectToast(
      'Failed to take a snapshot',
      'A snapshot is being taken right now; try again in a minute.',
    );
  });

  it('labels the chosen snapshot, and clears a label', async () => {
    const [first, second] = await records(2);
    const api = stubApi(
      {
        'GET /proof/snapshots': page([
          first as ProofRecord,
          { ...(second as ProofRecord), label: 'Beta' },
        ]),
        'PATCH /admin/proof/snapshots/1': ({ body }) => ({
          body: { ...first, label: (body as { label: string | null }).label },
        }),
        'PATCH /admin/proof/snapshots/2': { body: { ...second, label: null } },
      },
      signedInAdmin,
    );
    const user = userEvent.setup();
    renderWithToasts(<ProofAdminCard />);
    const label = await screen.findByRole('textbox', { name: 'Label' });
    expect(screen.getByRole('combobox', { name: 'Snapshot' })).toHaveValue('2');
    expect(label).toHaveValue('Beta');

    await user.clear(label);
    await user.click(screen.getByRole('button', { name: 'Save label' }));
    await expectToast('Label of snapshot #2 cleared');
    expect(api.sent('PATCH /admin/proof/snapshots/2')).toEqual([{ label: null }]);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Snapshot' }), '1');
    await user.type(screen.getByRole('textbox', { name: 'Label' }), '  Launch ');
    await user.click(screen.getByRole('button', { name: 'Save label' }));
    await expectToast('Snapshot #1 labelled “Launch”');
    expect(api.sent('PATCH /admin/proof/snapshots/1')).toEqual([{ label: 'Launch' }]);
  });
});
