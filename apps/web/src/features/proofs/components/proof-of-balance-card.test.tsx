import type { MemberProof, ProofKey, ProofRecord } from '@btcp/shared/proof-schemas';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeChain, makeSigningKey } from '#web/test/proof-fixtures.ts';
import { renderRoute } from '#web/test/render.tsx';
import { type ApiRoutes, apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { ProofOfBalanceCard } from './proof-of-balance-card.tsx';

const amounts = ['12.50000000', '0.00000001', '3.25000000', '100.00000000', '7.00000000'];

/** The public API over a chain of records, the member holding the leaf of `amount` in the newest. */
async function publishedChain({ records = 3 } = {}) {
  const key = await makeSigningKey();
  const chain = await makeChain(records, amounts, key);
  const newest = chain.at(-1) as (typeof chain)[number];
  const byId = new Map(chain.map((snapshot) => [snapshot.record.id, snapshot.record]));
  const routes = (proof: MemberProof, published = byId): ApiRoutes => ({
    'GET /wallet/proof': { body: proof },
    'GET /proof/key': { body: key.keys },
    'GET /proof/snapshots': {
      body: { items: [...published.values()].sort((a, b) => b.id - a.id), nextBefore: null },
    },
    ...Object.fromEntries(
      [...published.values()].map((record) => [
        `GET /proof/snapshots/${record.id}`,
        { body: record },
      ]),
    ),
  });
  return { key, chain, newest, byId, routes };
}

/** jsdom's Blob has no text(): read it the way older browsers do. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const card = () => screen.getByRole('region', { name: 'Proof of balance' });

describe('proof of balance card', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('says the balance is counted and verified, and remembers the record', async () => {
    const { newest, routes } = await publishedChain();
    stubApi(routes(newest.proofOf('3.25000000')), signedInUser);
    renderRoute(<ProofOfBalanceCard />);
    expect(within(card()).getByRole('status')).toHaveTextContent('Loading...');
    expect(await within(card()).findByText('Verified')).toBeVisible();
    expect(
      within(card()).getByText(
        'Your balance of 3.25000000 BTCP on December 3, 2026 is counted in the published total of 122.75000001 BTCP across 5 accounts.',
      ),
    ).toBeVisible();
    expect(JSON.parse(localStorage.getItem('btcp:proof-records') ?? '[]')).toEqual([
      { id: 3, digest: newest.record.digest, verifiedAt: expect.any(String) },
    ]);
    expect(within(card()).getByRole('link', { name: 'What the proof means' })).toHaveAttribute(
      'href',
      '/proof',
    );
  });

  it('names what did not match when one sibling of the proof was changed on the way', async () => {
    const { newest, routes } = await publishedChain();
    const proof = structuredClone(newest.proofOf('12.50000000'));
    // The top sibling: below it, a leaf that ends a level pairs with the empty node instead.
    const sibling = proof.siblings.at(-1) as MemberProof['siblings'][number];
    sibling.hash = `${sibling.hash.slice(0, -1)}${sibling.hash.endsWith('0') ? '1' : '0'}`;
    stubApi(routes(proof), signedInUser);
    renderRoute(<ProofOfBalanceCard />);
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent(
      'Not verified: Your proof does not lead to the published total',
    );
    expect(alert).toHaveTextContent('The proof does not lead to the published root.');
    expect(within(card()).queryByText('Verified')).toBeNull();
    expect(localStorage.getItem('btcp:proof-records')).toBeNull();
  });

  it('fails a record whose total was changed after signing', async () => {
    const { newest, byId, routes } = await publishedChain();
    const forged: ProofRecord = { ...newest.record, total: '1000.00000000' };
    stubApi(routes(newest.proofOf('7.00000000'), new Map(byId).set(3, forged)), signedInUser);
    renderRoute(<ProofOfBalanceCard />);
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Not verified: The record’s digest does not match its contents',
    );
  });

  it('fails a record that does not link to the record before it', async () => {
    const { newest, byId, routes, key } = await publishedChain();
    // Record 2 replaced by one signed with the same key but over other balances.
    const [, otherTwo] = await makeChain(2, ['1.00000000'], key);
    const published = new Map(byId).set(2, otherTwo?.record as ProofRecord);
    stubApi(routes(newest.proofOf('7.00000000'), published), signedInUser);
    renderRoute(<ProofOfBalanceCard />);
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Not verified: The record does not link to the previous record',
    );
  });

  it('fails a record signed by another key than the one it names', async () => {
    const { newest, routes } = await publishedChain({ records: 1 });
    const stranger = await makeSigningKey();
    const api = routes(newest.proofOf('7.00000000'));
    api['GET /proof/key'] = {
      body: {
        ...stranger.keys,
        keys: [{ ...(stranger.keys.keys[0] as ProofKey), keyId: newest.record.keyId }],
      },
    };
    stubApi(api, signedInUser);
    renderRoute(<ProofOfBalanceCard />);
    expect(await within(card()).findByRole('alert')).toHaveTextContent(
      'Not verified: The record’s signature does not check out',
    );
  });

  it('says so, without judging, in a browser without Ed25519', async () => {
    const { newest, routes } = await publishedChain();
    const subtle = globalThis.crypto.subtle;
    // A browser of before Ed25519 in WebCrypto: SHA-256 works, importing an Ed25519 key does not.
    const oldSubtle = Object.create(subtle, {
      digest: { value: subtle.digest.bind(subtle) },
      importKey: {
        value: () => Promise.reject(new DOMException('Unrecognized name.', 'NotSupportedError')),
      },
    });
    vi.stubGlobal('crypto', {
      subtle: oldSubtle,
      getRandomValues: crypto.getRandomValues.bind(crypto),
    });
    stubApi(routes(newest.proofOf('7.00000000')), signedInUser);
    renderRoute(<ProofOfBalanceCard />);
    expect(await within(card()).findByText('This browser can’t verify the proof')).toBeVisible();
    expect(within(card()).queryByText('Verified')).toBeNull();
    expect(within(card()).queryByRole('alert')).toBeNull();
    expect(within(card()).getByRole('button', { name: 'Download proof' })).toBeVisible();
  });

  it('shows the server’s words to a member with no balance at the snapshot', async () => {
    stubApi(
      {
        'GET /wallet/proof': apiError(
          404,
          'NOT_FOUND',
          'You had no balance at this snapshot, so it holds no proof for you.',
        ),
      },
      signedInUser,
    );
    renderRoute(<ProofOfBalanceCard />);
    expect(
      await within(card()).findByText(
        'You had no balance at this snapshot, so it holds no proof for you.',
      ),
    ).toBeVisible();
    expect(within(card()).queryByRole('button', { name: 'Download proof' })).toBeNull();
  });

  it('downloads the proof with its record and key', async () => {
    const { newest, routes, key } = await publishedChain();
    stubApi(routes(newest.proofOf('100.00000000')), signedInUser);
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:proof';
    });
    URL.revokeObjectURL = vi.fn();
    const user = userEvent.setup();
    renderRoute(<ProofOfBalanceCard />);
    await user.click(await within(card()).findByRole('button', { name: 'Download proof' }));
    expect(JSON.parse(await readBlob(saved[0] as Blob))).toEqual({
      proof: newest.proofOf('100.00000000'),
      record: newest.record,
      publicKey: key.keys.publicKey,
    });
  });

  it('says loudly when a record this browser verified is gone from the published log', async () => {
    const { newest, byId, routes } = await publishedChain();
    localStorage.setItem(
      'btcp:proof-records',
      JSON.stringify([
        { id: 1, digest: byId.get(1)?.digest, verifiedAt: '2026-12-01T09:00:00.000Z' },
        { id: 2, digest: 'ab'.repeat(32), verifiedAt: '2026-12-02T09:00:00.000Z' },
      ]),
    );
    const published = new Map(byId);
    published.delete(1);
    const api = stubApi(routes(newest.proofOf('7.00000000'), published), signedInUser);
    renderRoute(<ProofOfBalanceCard />);
    const alert = await within(card()).findByText(
      'The published log has changed since this browser checked it',
    );
    const items = within(alert.closest('[role="alert"]') as HTMLElement).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining(
        'Record #1, verified here on December 1, 2026, is no longer in the published log.',
      ),
      expect.stringContaining(
        'Record #2, verified here on December 2, 2026, is in the published log with a different digest: it was rewritten.',
      ),
    ]);
    // Read as the server has it now, not as the browser kept it a minute ago.
    const logReads = api.fetchMock.mock.calls.filter(([url]) =>
      String(url).includes('/proof/snapshots?'),
    );
    expect(logReads.map(([, init]) => init?.cache)).toEqual(['no-cache']);
  });
});
