import type { Notification } from '@btcp/shared/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { NotificationBell } from '#web/features/notifications/components/notification-bell.tsx';
import { PushOfferOnReply } from '#web/features/notifications/components/push-offer-toast.tsx';
import { resetPushDevice } from '#web/features/notifications/hooks/use-push-device.ts';
import { expectToast } from '#web/test/expect-toast.ts';
import { noticeOf, noticesPage } from '#web/test/notification-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInUser, stubApi } from '#web/test/stub-api.ts';
import { stubEventSource } from '#web/test/stub-event-source.ts';
import { pushDevice, pushState, stubPushBrowser, THIS_ENDPOINT } from '#web/test/stub-push.ts';
import { LiveUpdates } from './live-updates.tsx';

const offerTitle = 'Get replies as notifications?';

/** The bell's count as the signed-in services keep it, and the offer that follows it. */
function renderServices() {
  return renderWithToasts(
    <>
      <LiveUpdates />
      <NotificationBell />
      <PushOfferOnReply />
    </>,
  );
}

describe('the push offer after a live reply', () => {
  beforeEach(() => {
    resetPushDevice();
  });

  it('comes as a toast once, when a reply arrives live, and reads nothing before', async () => {
    stubPushBrowser();
    const Source = stubEventSource();
    let notices: Notification[] = [noticeOf('moderation')];
    const api = stubApi(
      {
        'GET /notifications/unread': () => ({ body: { unread: notices.length } }),
        'GET /notifications': () => ({ body: noticesPage(notices) }),
        'GET /push': { body: pushState() },
        'POST /push/subscriptions': {
          status: 201,
          body: pushDevice({ endpoint: THIS_ENDPOINT }),
        },
      },
      signedInUser,
    );
    renderServices();
    expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
    Source.latest().open();
    notices = [noticeOf('moderation'), noticeOf('moderation')];
    Source.latest().send({ type: 'notifications', unread: 2 });
    await waitFor(() => expect(api.calls.some((call) => call.path === '/push')).toBe(true));
    expect(screen.queryByText(offerTitle)).toBeNull();

    notices = [noticeOf('reply'), ...notices];
    Source.latest().send({ type: 'notifications', unread: 3 });
    await expectToast(
      offerTitle,
      'We can tell you on this device when someone replies, even with the site closed.',
    );
    expect(localStorage.getItem('btcp:push-offer-toasted')).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(api.sent('POST /push/subscriptions')).toHaveLength(1));
  });

  it('makes no toast where the browser was asked already, or the offer was made or turned down', async () => {
    for (const [permission, flag] of [
      ['denied', null],
      ['default', 'btcp:push-offer-toasted'],
      ['default', 'btcp:push-offer-dismissed'],
    ] as const) {
      resetPushDevice();
      localStorage.clear();
      if (flag) localStorage.setItem(flag, '1');
      stubPushBrowser({ permission });
      const Source = stubEventSource();
      const api = stubApi(
        {
          'GET /notifications/unread': { body: { unread: 0 } },
          'GET /notifications': { body: noticesPage([noticeOf('reply')]) },
          'GET /push': { body: pushState() },
        },
        signedInUser,
      );
      const { unmount } = renderServices();
      expect(await screen.findByRole('link', { name: 'Notifications' })).toBeVisible();
      await waitFor(() =>
        expect(api.calls.some((call) => call.path === '/notifications/unread')).toBe(true),
      );
      Source.latest().open();
      Source.latest().send({ type: 'notifications', unread: 1 });
      expect(await screen.findByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
      expect(api.calls.some((call) => call.path === '/push')).toBe(false);
      expect(screen.queryByText(offerTitle)).toBeNull();
      unmount();
    }
  });
});
