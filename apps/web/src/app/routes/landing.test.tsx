import { DEFAULT_DATED_WORDS } from '@btcp/shared/dated-words-schemas';
import { pageTitles } from '@btcp/shared/paths';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#web/test/render.tsx';
import { signedInUser, stubApi } from '#web/test/stub-api.ts';
import { Component as Landing } from './landing.tsx';

/** The operator's dated words (D30), as the server answers them until an admin edits them. */
const datedWords = { 'GET /dated-words': { body: DEFAULT_DATED_WORDS } };

describe('landing page', () => {
  it('greets visitors with the offer and the ways in', async () => {
    stubApi(datedWords);
    renderRoute(<Landing />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to BTCP Mining' })).toBeVisible();
    expect(await screen.findByText('Mining starts in Q1 2025')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Start Mining Now' })).toHaveAttribute(
      'href',
      '/register',
    );
    expect(screen.getByRole('link', { name: 'Read Whitepaper' })).toHaveAttribute(
      'href',
      '/whitepaper',
    );
    expect(screen.getByRole('link', { name: 'Register & Start Referring' })).toHaveAttribute(
      'href',
      '/register',
    );
    await waitFor(() => expect(document.title).toBe(pageTitles.home));
  });

  it('states the three headline figures', async () => {
    stubApi(datedWords);
    renderRoute(<Landing />);
    for (const text of ['100 BTCP/Hour', '2025 Launch Year', '40 Referral BTCP']) {
      expect(
        await screen.findByText((_, el) => el?.tagName === 'LI' && el.textContent === text),
      ).toBeVisible();
    }
  });

  it('shows the dated words the operator saved, not the spec’s', async () => {
    stubApi({
      'GET /dated-words': {
        body: {
          ...DEFAULT_DATED_WORDS,
          miningStart: 'Q3 2027',
          stats: [{ value: '2027', label: 'Launch Year' }],
          roadmap: [
            { date: 'Q2 2027', title: 'Wallet transfers', description: 'Send.', status: 'current' },
          ],
        },
      },
    });
    renderRoute(<Landing />);
    expect(await screen.findByText('Mining starts in Q3 2027')).toBeVisible();
    expect(screen.queryByText('Mining starts in Q1 2025')).toBeNull();
    expect(
      screen.getByText((_, el) => el?.tagName === 'LI' && el.textContent === '2027 Launch Year'),
    ).toBeVisible();
    const steps = within(screen.getByRole('region', { name: 'Roadmap' })).getAllByRole('listitem');
    expect(steps).toHaveLength(1);
    expect(steps[0]).toHaveTextContent(/Q2 2027.*Current.*Wallet transfers/);
  });

  it('lists the four reasons and the roadmap with each status in words', async () => {
    stubApi(datedWords);
    renderRoute(<Landing />);
    for (const feature of [
      'No KYC Required',
      'Low Energy Consumption',
      'Community Rewards',
      'Advanced Mining Rigs',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name: feature })).toBeVisible();
    }
    const roadmap = within(screen.getByRole('region', { name: 'Roadmap' }));
    const steps = await roadmap.findAllByRole('listitem');
    expect(steps).toHaveLength(4);
    expect(steps[0]).toHaveTextContent(/Q1 2024.*Completed.*Beta Testing/);
    expect(steps[2]).toHaveTextContent(/Q4 2024.*Current.*Referral System Launch/);
    expect(steps[3]).toHaveTextContent(/Q1 2025.*Upcoming.*Official Platform Launch/);
  });

  it('sends a signed-in user to their dashboard', async () => {
    stubApi({}, signedInUser);
    const { router } = renderRoute(<Landing />, {
      routes: [{ path: '/dashboard', element: <p>Dashboard page</p> }],
    });
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
