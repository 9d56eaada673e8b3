import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '#web/test/render.tsx';
import { signedInUser, stubApi } from '#web/test/stub-api.ts';
import { NotificationBell } from './notification-bell.tsx';

describe('NotificationBell', () => {
  it('names the unread count and links to the notifications page', async () => {
    stubApi({ 'GET /notifications/unread': { body: { unread: 2 } } }, signedInUser);
    renderRoute(<NotificationBell />);
    const bell = await screen.findByRole('link', { name: 'Notifications, 2 unread' });
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('2');
  });

  it('is plain "Notifications" with no badge when nothing is unread', async () => {
    const { fetchMock } = stubApi(
      { 'GET /notifications/unread': { body: { unread: 0 } } },
      signedInUser,
    );
    renderRoute(<NotificationBell />);
    await screen.findByRole('link', { name: 'Notifications' });
    expect(fetchMock).toHaveBeenCalled();
    expect(screen.queryByTestId('notification-badge')).not.toBeInTheDocument();
  });

  it('caps the badge at 99+ but names the exact count', async () => {
    stubApi({ 'GET /notifications/unread': { body: { unread: 140 } } }, signedInUser);
    renderRoute(<NotificationBell />);
    await screen.findByRole('link', { name: 'Notifications, 140 unread' });
    expect(screen.getByTestId('notification-badge')).toHaveTextContent('99+');
  });
});
