import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#web/test/render.tsx';
import { apiError, stubApi } from '#web/test/stub-api.ts';
import { AdminSystemCard, formatWait } from './admin-system-card.tsx';

const system = {
  minersOnline: 1234,
  openStreams: { thisProcess: 56, processes: 1 },
  crediting: { overdueSeconds: 0.4, lagSeconds: 0 },
  mailQueue: { depth: 3, oldestAgeSeconds: 150 },
  pushLastHour: { delivered: 12, failed: 1 },
  databaseRoundTripMs: 1.234,
  measuredAt: '2026-03-01T12:00:00.000Z',
};

/** The value and note shown under a figure's label. */
const figure = (label: string) => screen.getByText(label).nextElementSibling;

describe('AdminSystemCard', () => {
  it('shows the operator’s figures under readable labels', async () => {
    stubApi({ 'GET /admin/system': { body: system } });
    renderRoute(<AdminSystemCard />);
    expect(await screen.findByText('1,234')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'System' })).toBeVisible();
    expect(figure('Miners online')).toHaveTextContent('1,234');
    expect(figure('Open event streams')).toHaveTextContent('56');
    expect(figure('Open event streams')).not.toHaveTextContent('This server process only');
    expect(figure('Crediting lag')).toHaveTextContent('0 s');
    expect(figure('Mail queue')).toHaveTextContent('3Oldest waiting 2 min');
    expect(figure('Database round trip')).toHaveTextContent('1.2 ms');
    expect(figure('Push notifications')).toHaveTextContent(
      '12Delivered in the last hour; 1 failed',
    );
  });

  it('says when no push notification failed in the last hour', async () => {
    stubApi({
      'GET /admin/system': { body: { ...system, pushLastHour: { delivered: 2048, failed: 0 } } },
    });
    renderRoute(<AdminSystemCard />);
    expect(await screen.findByText('Delivered in the last hour, none failed')).toBeVisible();
    expect(figure('Push notifications')).toHaveTextContent('2,048');
  });

  it('says open streams are this process’s when several processes serve the site', async () => {
    stubApi({
      'GET /admin/system': { body: { ...system, openStreams: { thisProcess: 5, processes: 4 } } },
    });
    renderRoute(<AdminSystemCard />);
    expect(await screen.findByText('This server process only (one of 4)')).toBeVisible();
  });

  it('says so while loading, and when the figures fail, offers Refresh', async () => {
    let fail = true;
    stubApi({
      'GET /admin/system': () =>
        fail ? apiError(500, 'INTERNAL_ERROR', 'Internal error') : { body: system },
    });
    renderRoute(<AdminSystemCard />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading system figures...');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The system figures could not be loaded.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh system figures' }));
    expect(await screen.findByText('1,234')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('writes waits as a person reads them', () => {
    expect(formatWait(0.4)).toBe('0 s');
    expect(formatWait(59)).toBe('59 s');
    expect(formatWait(150)).toBe('2 min');
    expect(formatWait(7260)).toBe('2 h 1 min');
  });
});
