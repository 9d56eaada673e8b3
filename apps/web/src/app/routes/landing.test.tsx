import { pageTitles } from '@btcp/shared/paths';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#web/test/render.tsx';
import { signedInUser, stubApi } from '#web/test/stub-api.ts';
import { Component as Landing } from './landing.tsx';

describe('landing page', () => {
  it('greets visitors with the offer and the ways in', async () => {
    stubApi({});
    renderRoute(<Landing />);
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to BTCP Mining' })).toBeVisible();
    expect(screen.getByText('Mining starts in Q1 2025')).toBeVisible();
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

  it('states the three headline figures', () => {
    stubApi({});
    renderRoute(<Landing />);
    for (const text of ['100 BTCP/Hour', '2025 Launch Year', '40 Referral BTCP']) {
      expect(
        screen.getByText((_, el) => el?.tagName === 'LI' && el.textContent === text),
      ).toBeVisible();
    }
  });

  it('lists the four reasons and the roadmap with each status in words', () => {
    stubApi({});
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
    const steps = roadmap.getAllByRole('listitem');
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
