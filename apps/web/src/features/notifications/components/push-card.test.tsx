import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectToast } from '#web/test/expect-toast.ts';
import { renderWithToasts } from '#web/test/render.tsx';
import { apiError, signedInUser, stubApi } from '#web/test/stub-api.ts';
import {
  pushDevice,
  pushState,
  stubPushBrowser,
  subscriptionKeys,
  THIS_ENDPOINT,
} from '#web/test/stub-push.ts';
import { resetPushDevice } from '../hooks/use-push-device.ts';
import { PushCard } from './push-card.tsx';

const renderCard = () => renderWithToasts(<PushCard />, { path: '/notifications' });

describe('the Push notifications card', () => {
  beforeEach(() => {
    resetPushDevice();
  });

  it('says it is loading, then offers Try again when the settings cannot be read', async () => {
    stubPushBrowser();
    let fail = true;
    stubApi(
      {
        'GET /push': () =>
          fail ? apiError(500, 'INTERNAL_ERROR', 'Internal error') : { body: pushState() },
      },
      signedInUser,
    );
    renderCard();
    expect(
      screen.getByRole('status', { name: 'Loading push notification settings' }),
    ).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not load your push notification settings.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Turn on push notifications' })).toBeVisible();
  });

  it('says why push cannot be turned on: an unable browser, off on this site, blocked', async () => {
    stubApi({ 'GET /push': { body: pushState() } }, signedInUser);
    const first = renderCard();
    expect(
      await screen.findByText('This browser cannot receive push notifications.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Turn on push notifications' })).toBeNull();
    first.unmount();

    resetPushDevice();
    stubPushBrowser();
    stubApi({ 'GET /push': { body: pushState({ enabled: false }) } }, signedInUser);
    const second = renderCard();
    expect(
      await screen.findByText('Push notifications are turned off on this site for now.'),
    ).toBeVisible();
    expect(screen.queryByRole('group', { name: 'Send me' })).not.toBeInTheDocument();
    second.unmount();

    resetPushDevice();
    const browser = stubPushBrowser({ permission: 'denied' });
    stubApi({ 'GET /push': { body: pushState() } }, signedInUser);
    renderCard();
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeVisible();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
  });

  it('asks the browser only on Turn on, subscribes with the site key and lists this device', async () => {
    const browser = stubPushBrowser();
    const api = stubApi(
      {
        'GET /push': { body: pushState() },
        'POST /push/subscriptions': {
          status: 201,
          body: pushDevice({ id: 'd9', browser: 'Chrome on Android', endpoint: THIS_ENDPOINT }),
        },
      },
      signedInUser,
    );
    renderCard();
    const turnOn = await screen.findByRole('button', { name: 'Turn on push notifications' });
    expect(screen.getByText('No device gets push notifications yet.')).toBeVisible();
    expect(browser.notification.requestPermission).not.toHaveBeenCalled();
    await userEvent.click(turnOn);
    await waitFor(() =>
      expect(api.sent('POST /push/subscriptions')).toEqual([
        { endpoint: THIS_ENDPOINT, expirationTime: null, keys: subscriptionKeys },
      ]),
    );
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0]?.[0];
    expect(options?.userVisibleOnly).toBe(true);
    expect(options?.applicationServerKey).toHaveLength(65);
    const devices = await screen.findByRole('list');
    expect(within(devices).getByText('Chrome on Android')).toBeVisible();
    expect(within(devices).getByText('This device')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Turn off on this device' })).toBeVisible();
  });

  it('sends nothing when the member does not allow notifications, and ends a refused subscription', async () => {
    const refused = stubPushBrowser({ answer: 'denied' });
    const api = stubApi({ 'GET /push': { body: pushState() } }, signedInUser);
    const { unmount } = renderCard();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Turn on push notifications' }),
    );
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeVisible();
    expect(refused.pushManager.subscribe).not.toHaveBeenCalled();
    expect(api.sent('POST /push/subscriptions')).toEqual([]);
    unmount();

    resetPushDevice();
    const browser = stubPushBrowser();
    stubApi(
      {
        'GET /push': { body: pushState() },
        'POST /push/subscriptions': apiError(
          400,
          'VALIDATION_FAILED',
          'Not a push service we send to',
        ),
      },
      signedInUser,
    );
    renderCard();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Turn on push notifications' }),
    );
    await expectToast(
      'Could not turn on push notifications. Please try again.',
      'Not a push service we send to',
    );
    expect(browser.subscription()?.unsubscribe).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Turn on push notifications' })).toBeEnabled();
  });

  it('saves each switch as it is flipped, and puts it back when the server refuses', async () => {
    stubPushBrowser();
    let refuse = false;
    const api = stubApi(
      {
        'GET /push': { body: pushState() },
        'PUT /push/preferences': ({ body }) =>
          refuse ? apiError(500, 'INTERNAL_ERROR', 'Internal error') : { body },
      },
      signedInUser,
    );
    renderCard();
    const kinds = await screen.findByRole('group', { name: 'Send me' });
    const streak = within(kinds).getByRole('switch', {
      name: 'Streak at risk (at most one a day, off by default)',
    });
    expect(streak).not.toBeChecked();
    expect(
      within(kinds).getByRole('switch', { name: 'Replies to my posts and comments' }),
    ).toBeChecked();
    await userEvent.click(streak);
    expect(streak).toBeChecked();
    await waitFor(() =>
      expect(api.sent('PUT /push/preferences')).toEqual([
        { reply: true, moderation: true, miningStopped: true, streakAtRisk: true },
      ]),
    );
    refuse = true;
    const replies = within(kinds).getByRole('switch', { name: 'Replies to my posts and comments' });
    await userEvent.click(replies);
    await expectToast('Could not save your choice. Please try again.');
    expect(replies).toBeChecked();
    expect(streak).toBeChecked();
  });

  it('removes another device, and this one with its subscription in the browser', async () => {
    const browser = stubPushBrowser({ permission: 'granted', subscribed: THIS_ENDPOINT });
    const api = stubApi(
      {
        'GET /push': {
          body: pushState({
            devices: [
              pushDevice({ id: 'here', browser: 'Chrome on Linux', endpoint: THIS_ENDPOINT }),
              pushDevice({ id: 'phone', browser: 'Firefox on Android' }),
            ],
          }),
        },
        'DELETE /push/subscriptions/phone': { status: 204 },
        'DELETE /push/subscriptions/here': { status: 204 },
      },
      signedInUser,
    );
    renderCard();
    const here = await screen.findByText('This device');
    expect(here.closest('li')).toHaveTextContent('Chrome on Linux');
    await userEvent.click(screen.getByRole('button', { name: 'Remove Firefox on Android' }));
    await waitFor(() => expect(screen.queryByText('Firefox on Android')).toBeNull());
    expect(browser.subscription()?.unsubscribe).not.toHaveBeenCalled();

    const subscription = browser.subscription();
    await userEvent.click(screen.getByRole('button', { name: 'Turn off on this device' }));
    expect(await screen.findByText('No device gets push notifications yet.')).toBeVisible();
    expect(subscription?.unsubscribe).toHaveBeenCalled();
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toContain(
      'DELETE /push/subscriptions/here',
    );
    expect(screen.getByRole('button', { name: 'Turn on push notifications' })).toBeVisible();
  });
});
