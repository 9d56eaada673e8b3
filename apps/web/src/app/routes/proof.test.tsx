import type { ProofRecord } from '@btcp/shared/proof-schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeChain, makeSigningKey } from '#web/test/proof-fixtures.ts';
import { renderRoute } from '#web/test/render.tsx';
import { stubApi } from '#web/test/stub-api.ts';
import { Component as ProofPage } from './proof.tsx';

/** The public API over `records`, served newest first, `limit` a page by keyset. */
function serve(records: ProofRecord[], keys: unknown) {
  const newestFirst = [...records].sort((a, b) => b.id - a.id);
  return stubApi({
    'GET /proof/key': { body: keys },
    'GET /proof/snapshots': ({ query }) => {
      const before = Number(query.get('before') ?? Number.POSITIVE_INFINITY);
      const limit = Number(query.get('limit'));
      const older = newestFirst.filter((record) => record.id < before);
      const items = older.slice(0, limit);
      return {
        body: { items, nextBefore: older.length > limit ? (items.at(-1)?.id ?? null) : null },
      };
    },
  });
}

const entry = (id: number) =>
  within(screen.getByRole('list', { name: 'Published records' }))
    .getByRole('heading', { name: `Record #${id}` })
    .closest('li') as HTMLElement;

describe('/proof', () => {
  beforeEach(() => localStorage.clear());

  it('explains the proof, shows the newest record and checks every record of the log', async () => {
    const key = await makeSigningKey();
    const chain = await makeChain(3, ['12.50000000', '7.00000000'], key);
    serve(
      chain.map((snapshot) => snapshot.record),
      key.keys,
    );
    renderRoute(<ProofPage />, { path: '/proof' });
    expect(screen.getByRole('heading', { level: 1, name: 'Proof of balances' })).toBeVisible();
    expect(document.title).toBe('Proof of Balances | BTCP');
    expect(screen.getByRole('heading', { name: 'Your balance stays yours to see' })).toBeVisible();
    expect(
      screen.getByRole('heading', { name: 'The total and the count are public' }),
    ).toBeVisible();

    const newest = await screen.findByRole('region', { name: 'The newest record' });
    expect(within(newest).getByText(chain[2]?.record.digest as string)).toBeVisible();
    expect(within(newest).getByText('19.50000000 BTCP')).toBeVisible();

    expect(await within(entry(3)).findByText('Signature checks out')).toBeVisible();
    expect(within(entry(3)).getByText('Links to record #2')).toBeVisible();
    expect(within(entry(2)).getByText('Links to record #1')).toBeVisible();
    expect(within(entry(1)).getByText('The first record: it links to none')).toBeVisible();
  });

  it('marks a forged record and a broken link, and checks a link once the older page loads', async () => {
    const key = await makeSigningKey();
    const records = (await makeChain(25, ['1.00000000'], key)).map((snapshot) => snapshot.record);
    // Record 22 rewritten after signing; record 3 from another history, properly signed.
    const forged = { ...(records[21] as ProofRecord), total: '99.00000000' };
    const [, , stranger] = await makeChain(3, ['2.00000000'], key);
    records[21] = forged;
    records[2] = stranger?.record as ProofRecord;
    serve(records, key.keys);
    const user = userEvent.setup();
    renderRoute(<ProofPage />, { path: '/proof' });
    await screen.findByRole('list', { name: 'Published records' });

    expect(
      await within(entry(22)).findByText(
        'Signature does not check out: The record’s digest does not match its contents.',
      ),
    ).toBeVisible();
    expect(within(entry(23)).getByText('Signature checks out')).toBeVisible();
    // The first page holds records 25 to 6: the link of 6 waits for record 5.
    expect(within(entry(6)).getByText('Link to record #5 checked once it is loaded')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Load older records' }));
    expect(await within(entry(6)).findByText('Links to record #5')).toBeVisible();
    expect(within(entry(4)).getByText('Does not link to record #3')).toBeVisible();
    expect(within(entry(3)).getByText('Does not link to record #2')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load older records' })).toBeNull();
  });
});
