import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, renderWithToasts } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { AdminStatsCards } from './admin-stats-cards.tsx';

const stats = {
  registeredUsers: 1234,
  activeMiners: 17,
  circulation: '98765.4321',
  communityPosts: 56,
  flaggedPosts: 2,
  openReports: 3,
};

function figure(title: string) {
  const heading = screen.getByRole('heading', { name: title });
  return heading.parentElement?.parentElement;
}

describe('AdminStatsCards', () => {
  it('shows the four figures, circulation with 8 decimals', async () => {
    stubApi({ 'GET /admin/stats': { body: stats } });
    renderRoute(<AdminStatsCards />);
    expect(await screen.findByText('1,234')).toBeVisible();
    expect(figure('Registered Users')).toHaveTextContent('1,234');
    expect(figure('Active Miners')).toHaveTextContent('17');
    expect(figure('BTCP in Circulation')).toHaveTextContent('98,765.43210000');
    expect(figure('Community Posts')).toHaveTextContent('56');
    expect(figure('Community Posts')).toHaveTextContent('2 flagged');
    expect(figure('Open Reports')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Review reports' })).toHaveAttribute(
      'href',
      '/admin/community?tab=reports',
    );
  });

  it('leaves out the flagged note when nothing is flagged', async () => {
    stubApi({ 'GET /admin/stats': { body: { ...stats, flaggedPosts: 0 } } });
    renderRoute(<AdminStatsCards />);
    await screen.findByText('1,234');
    expect(screen.queryByText(/flagged/)).not.toBeInTheDocument();
  });

  it('says "Loading dashboard data..." meanwhile', () => {
    stubApi({ 'GET /admin/stats': () => new Promise(() => {}) });
    renderRoute(<AdminStatsCards />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboard data...');
  });

  it('says "Error loading dashboard data" when the figures fail', async () => {
    stubApi({
      'GET /admin/stats': apiError(500, 'INTERNAL_ERROR', 'Internal error'),
    });
    renderWithToasts(<AdminStatsCards />);
    expect(await screen.findByText('Error loading dashboard data')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });
});
