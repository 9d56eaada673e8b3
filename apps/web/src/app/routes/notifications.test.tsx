import type { Notification, NotificationsPage } from '@btcp/shared/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import { stubEventSource } from '#web/test/stub-event-source.ts';
import { pushState } from '#web/test/stub-push.ts';
import { LiveUpdates } from '../layouts/live-updates.tsx';
import { Component as NotificationsPageView } from './notifications.tsx';

const notice = (overrides: Partial<Notification>): Notification => ({
  id: 'n1',
  kind: 'reply',
  createdAt: '2026-03-01T12:00:00.000Z',
  readAt: null,
  actor: { username: 'alice', memberTag: '3fa9c1' },
  postId: 'p1',
  commentId: 'c1',
  repliedTo: 'post',
  details: { postTitle: 'Fan noise', excerpt: 'Quiet here', action: null, reason: null },
  ...overrides,
});

const page = (items: Notification[], nextCursor: string | null = null): NotificationsPage => ({
  items,
  nextCursor,
  unread: items.filter((item) => item.readAt === null).length,
});

function renderPage() {
  return renderWithToasts(
    <>
      <LiveUpdates />
      <NotificationBell />
      <NotificationsPageView />
    </>,
    { path: '/notifications' },
  );
}

describe('notifications page', () => {
  beforeEach(() => {
    stubEventSource();
  });

  it('lists notices as sentences linking to the post, unread ones marked, and marks one read', async () => {
    const user = userEvent.setup();
    const api = stubApi(
      {
        'GET /notifications': {
          body: page([
            notice({ id: 'n1' }),
            notice({
              id: 'n2',
              kind: 'moderation',
              actor: null,
              repliedTo: null,
              readAt: '2026-03-01T13:00:00.000Z',
              details: {
                postTitle: 'Spam',
                excerpt: 'Spam',
                action: 'post.removed',
                reason: 'Ads',
              },
            }),
          ]),
        },
        'GET /notifications/unread': { body: { unread: 1 } },
        'POST /notifications/n1/read': { body: { unread: 0 } },
      },
      signedInUser,
    );
    renderPage();
    expect(document.title).toBe('Notifications | BTCP');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const link = within(list).getByRole('link', {
      name: 'u/alice replied to your post “Fan noise”',
    });
    expect(link).toHaveAttribute('href', '/community/p1');
    expect(link.closest('p')).toHaveTextContent('Unread:');
    expect(within(list).getByText('A moderator removed your post “Spam”')).toBeVisible();
    expect(within(list).getByText('Reason: Ads')).toBeVisible();
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

    await user.click(screen.getByRole('button', { name: /^Mark as read/ }));
    expect(api.sent('POST /notifications/n1/read')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Mark as read/ })).not.toBeInTheDocument();
  });

  it('marks all read, and the bell follows the event stream', async () => {
    const user = userEvent.setup();
    const Source = stubEventSource();
    const api = stubApi(
      {
        'GET /notifications': { body: page([notice({ id: 'n1' }), notice({ id: 'n2' })]) },
        'GET /notifications/unread': { body: { unread: 2 } },
        'POST /notifications/read-all': { body: { unread: 0 } },
      },
      signedInUser,
    );
    renderPage();
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeVisible();
    Source.latest().open();
    Source.latest().send({ type: 'notifications', unread: 3 });
    expect(await screen.findByRole('link', { name: 'Notifications, 3 unread' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(api.sent('POST /notifications/read-all')).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Notifications' })).toBeVisible();
  });

  it('says when there is nothing yet, and offers to try again after a failure', async () => {
    stubApi(
      {
        'GET /notifications': { body: page([]) },
        'GET /notifications/unread': { body: { unread: 0 } },
      },
      signedInUser,
    );
    const { unmount } = renderPage();
    expect(await screen.findByText('No notifications yet')).toBeVisible();
    unmount();

    stubApi(
      {
        'GET /notifications': apiError(500, 'INTERNAL_ERROR', 'Boom'),
        'GET /push': { body: pushState() },
      },
      signedInUser,
    );
    renderPage();
    expect(await screen.findByText('Could not load your notifications.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
    expect(await screen.findByRole('heading', { name: 'Push notifications' })).toBeVisible();
  });

  it('loads more', async () => {
    const user = userEvent.setup();
    stubApi(
      {
        'GET /notifications': (call) => ({
          body: call.query.get('cursor')
            ? page([notice({ id: 'n2', details: { ...notice({}).details, postTitle: 'Older' } })])
            : page([notice({ id: 'n1' })], 'next'),
        }),
        'GET /notifications/unread': { body: { unread: 2 } },
      },
      signedInUser,
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('u/alice replied to your post “Older”')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
