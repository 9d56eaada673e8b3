import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { noticeOf, noticesPage } from '#web/test/notification-fixtures.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { signedInUser, stubApi } from '#web/test/stub-api.ts';
import { pushDevice, pushState, stubPushBrowser, THIS_ENDPOINT } from '#web/test/stub-push.ts';
import { resetPushDevice } from '../hooks/use-push-device.ts';
import { shouldOfferPush } from '../lib/push-offer.ts';
import { PushOffer } from './push-offer.tsx';

const offerTitle = 'Get replies as notifications?';

describe('the push offer', () => {
  beforeEach(() => {
    resetPushDevice();
  });

  it('is made only after a reply, where Turn on could work and it was not turned down', () => {
    const can = {
      hasReply: true,
      supported: true,
      permission: 'default' as const,
      endpoint: null,
      state: pushState({ devices: [pushDevice()] }),
      dismissed: false,
    };
    expect(shouldOfferPush(can)).toBe(true);
    expect(shouldOfferPush({ ...can, hasReply: false })).toBe(false);
    expect(shouldOfferPush({ ...can, supported: false })).toBe(false);
    expect(shouldOfferPush({ ...can, permission: 'granted' })).toBe(false);
    expect(shouldOfferPush({ ...can, permission: 'denied' })).toBe(false);
    expect(shouldOfferPush({ ...can, dismissed: true })).toBe(false);
    expect(shouldOfferPush({ ...can, state: undefined })).toBe(false);
    expect(shouldOfferPush({ ...can, state: pushState({ enabled: false }) })).toBe(false);
    expect(
      shouldOfferPush({
        ...can,
        endpoint: THIS_ENDPOINT,
        state: pushState({ devices: [pushDevice({ endpoint: THIS_ENDPOINT })] }),
      }),
    ).toBe(false);
  });

  it('shows on the notifications page of a member with a reply, and Not now keeps it away', async () => {
    stubPushBrowser();
    const api = stubApi(
      {
        'GET /notifications': { body: noticesPage([noticeOf('reply')]) },
        'GET /push': { body: pushState() },
      },
      signedInUser,
    );
    const { unmount } = renderWithToasts(<PushOffer />, { path: '/notifications' });
    const offer = await screen.findByRole('region', { name: offerTitle });
    expect(offer).toHaveTextContent('We can tell you on this device when someone replies');
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: offerTitle })).toBeNull();
    unmount();
    resetPushDevice();
    renderWithToasts(<PushOffer />, { path: '/notifications' });
    await waitFor(() => expect(api.calls.filter((call) => call.path === '/push')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: offerTitle })).toBeNull();
  });

  it('is not shown to a member with no reply, and turns push on from the card', async () => {
    const browser = stubPushBrowser();
    let notices = [noticeOf('moderation')];
    const api = stubApi(
      {
        'GET /notifications': () => ({ body: noticesPage(notices) }),
        'GET /push': { body: pushState() },
        'POST /push/subscriptions': {
          status: 201,
          body: pushDevice({ endpoint: THIS_ENDPOINT }),
        },
      },
      signedInUser,
    );
    const { unmount } = renderWithToasts(<PushOffer />, { path: '/notifications' });
    await waitFor(() => expect(api.calls.some((call) => call.path === '/push')).toBe(true));
    expect(screen.queryByRole('region', { name: offerTitle })).toBeNull();
    unmount();

    notices = [noticeOf('reply')];
    renderWithToasts(<PushOffer />, { path: '/notifications' });
    expect(await screen.findByRole('region', { name: offerTitle })).toBeVisible();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(api.sent('POST /push/subscriptions')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('region', { name: offerTitle })).toBeNull());
  });
});
