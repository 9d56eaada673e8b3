import { expect, type Page, test } from '@playwright/test';
import { type PushService, startPushService } from '../../apps/server/test/support/push-service.ts';
import { apiPost, PASSWORD, uniqueEmail, verifiedUser } from '../support/api.ts';
import { axeViolations } from '../support/axe.ts';
import { localPushManager, pushServicePort } from '../support/push.ts';
import { horizontalOverflow, signIn } from '../support/session.ts';

// Web Push (decision 063): the worker's handlers, Turn on from the notifications page, and a
// reply that reaches the member's device through a real push service protocol, encrypted.

let service: PushService;

test.beforeAll(async () => {
  service = await startPushService({ port: pushServicePort });
});

test.afterAll(async () => {
  await service?.close();
});

interface Shown {
  title: string;
  body: string;
  tag: string;
  url: unknown;
}

/** The notifications this site's worker is showing, as the page can list them. */
function shownNotifications(page: Page): Promise<Shown[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((shown) => ({
      title: shown.title,
      body: shown.body,
      tag: shown.tag,
      url: (shown.data as { url?: unknown } | null)?.url,
    }));
  });
}

/**
 * Hands a push message to the page's service worker, as the browser does when one arrives, and
 * answers with how the push event ended ("Success" once the worker's waitUntil has settled).
 * DevTools reports nothing about a delivery, so its Background Services record is read for that.
 */
async function deliverToWorker(page: Page, origin: string, data: string): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  const activated = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
      const worker = versions.find(
        (version) => version.status === 'activated' && version.scriptURL === `${origin}/sw.js`,
      );
      if (worker) resolve(worker.registrationId);
    });
  });
  const ended = new Promise<string>((resolve) => {
    cdp.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent }) => {
      if (backgroundServiceEvent.eventName !== 'Push event completed') return;
      const status = backgroundServiceEvent.eventMetadata.find(({ key }) => key === 'Status');
      resolve(status?.value ?? 'no status');
    });
  });
  const service = 'pushMessaging';
  await cdp.send('BackgroundService.startObserving', { service });
  await cdp.send('BackgroundService.setRecording', { shouldRecord: true, service });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin,
    registrationId: await activated,
    data,
  });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const status = await Promise.race([
    ended,
    new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('not ended within 15 s'), 15_000);
    }),
  ]);
  clearTimeout(timer);
  await cdp.detach();
  return status;
}

/**
 * Clicks the worker's notification: the event is made by the test (the browser gives a test no
 * way to click one), so the tab is navigated but not focused, which only a real click allows. A
 * made event refuses waitUntil, so the click waits here for what the handler hands it.
 */
async function clickNotification(page: Page, origin: string) {
  const worker = page
    .context()
    .serviceWorkers()
    .find((running) => running.url() === `${origin}/sw.js`);
  if (!worker) throw new Error('No service worker is running');
  await worker.evaluate(async () => {
    const scope = self as unknown as {
      registration: ServiceWorkerRegistration;
      NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
    };
    const [notification] = await scope.registration.getNotifications();
    if (!notification) throw new Error('No notification is shown');
    const click = new scope.NotificationEvent('notificationclick', { notification });
    const handed: Promise<unknown>[] = [];
    Object.defineProperty(click, 'waitUntil', {
      value: (promise: Promise<unknown>) => handed.push(promise),
    });
    self.dispatchEvent(click);
    await Promise.all(handed);
  });
}

test('the worker handles push, served fresh like sw.js', async ({ request }) => {
  const worker = await request.get('/sw.js');
  expect(await worker.text()).toContain('/push-sw.js');
  const handlers = await request.get('/push-sw.js');
  expect(handlers.status()).toBe(200);
  expect(handlers.headers()['cache-control']).toBe('no-cache');
  expect(handlers.headers()['content-type']).toMatch(/javascript/);
});

test('a member turns push on from the notifications page, and a reply reaches their device', async ({
  browser,
  request,
  baseURL,
}) => {
  // A worker installs, and a reply goes through the outbox to the push service.
  test.slow();
  const origin = new URL(baseURL ?? '').origin;
  const authorEmail = uniqueEmail('pushed');
  const replierEmail = uniqueEmail('push-replier');
  await verifiedUser(request, baseURL, authorEmail);
  await verifiedUser(request, baseURL, replierEmail);

  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin });
  const page = await context.newPage();
  await signIn(page, authorEmail);
  const { publicKey } = (await (await page.request.get('/api/push')).json()) as {
    publicKey: string;
  };
  const subscription = service.subscription({ applicationServerKey: publicKey });
  await localPushManager(page, subscription);

  await page.goto('/notifications');
  await page.getByRole('button', { name: 'Turn on push notifications' }).click();
  const devices = page.getByRole('region', { name: 'Devices' });
  await expect(devices.getByText('This device')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn off on this device' })).toBeVisible();
  // The page subscribed the site's worker with the server's key, for notifications it shows.
  expect(
    await page.evaluate(() => (window as unknown as { pushAsked: unknown }).pushAsked),
  ).toEqual({ userVisibleOnly: true, keyBytes: 65 });
  const scriptURL = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL,
  );
  expect(scriptURL).toBe(`${origin}/sw.js`);

  // Another member replies to the member's post.
  const title = `Push me at ${Date.now()}`;
  const created = await apiPost(page.request, baseURL, '/api/community/posts', {
    title,
    content: 'Tell me when someone answers.',
  });
  expect(created.status()).toBe(201);
  const { id: postId } = (await created.json()) as { id: string };
  const replier = await browser.newContext({ baseURL });
  const login = await apiPost(replier.request, baseURL, '/api/auth/login', {
    email: replierEmail,
    password: PASSWORD,
  });
  expect(login.status()).toBe(200);
  const { username } = (await (await replier.request.get('/api/account')).json()) as {
    username: string;
  };
  const comment = await apiPost(
    replier.request,
    baseURL,
    `/api/community/posts/${postId}/comments`,
    { content: 'I answer, and you hear it on your phone.' },
  );
  expect(comment.status()).toBe(201);
  await replier.close();

  // The push service received it, encrypted for this subscription and signed with the key.
  await service.waitFor(1, 20_000);
  const [payload] = service.received(subscription.endpoint);
  expect(payload).toEqual({
    kind: 'reply',
    title: 'New reply',
    body: `u/${username} replied to your post “${title}”`,
    url: `/community/${postId}`,
    tag: expect.stringMatching(/^notification-/),
  });

  // The browser hands it to the worker, which shows it with a link to the post. The list is read
  // only once the push event has ended: Chromium drops a notification from it for good when a
  // read races the notification being put on screen.
  expect(await deliverToWorker(page, origin, JSON.stringify(payload))).toBe('Success');
  const sent = payload as Shown & { url: string };
  expect(await shownNotifications(page)).toEqual([
    { title: sent.title, body: sent.body, tag: sent.tag, url: sent.url },
  ]);

  // A click on it takes the open tab to the post and closes the notification.
  await page.goto('/dashboard');
  await clickNotification(page, origin);
  await expect(page).toHaveURL(`${origin}/community/${postId}`);
  await expect.poll(() => shownNotifications(page)).toEqual([]);
  await context.close();
});

test('the offer and the push card at phone and desktop widths, light and dark, with nothing axe finds', async ({
  browser,
  request,
  baseURL,
}) => {
  // One sign-in, four widths and schemes, each checked by axe on a loaded two-core machine.
  test.slow();
  const authorEmail = uniqueEmail('push-shots');
  const replierEmail = uniqueEmail('push-shots-replier');
  await verifiedUser(request, baseURL, authorEmail);
  await verifiedUser(request, baseURL, replierEmail);
  // axe-core is injected as a script, which the app's Content Security Policy would refuse.
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await signIn(page, authorEmail);
  // A device of the member's other browser, and a reply, so the offer is made on this one.
  const device = await apiPost(page.request, baseURL, '/api/push/subscriptions', {
    ...service.subscription(),
  });
  expect(device.status()).toBe(201);
  const created = await apiPost(page.request, baseURL, '/api/community/posts', {
    title: `Screens at ${Date.now()}`,
    content: 'How does the offer look?',
  });
  const { id: postId } = (await created.json()) as { id: string };
  const replier = await browser.newContext({ baseURL });
  await apiPost(replier.request, baseURL, '/api/auth/login', {
    email: replierEmail,
    password: PASSWORD,
  });
  const comment = await apiPost(
    replier.request,
    baseURL,
    `/api/community/posts/${postId}/comments`,
    { content: 'Like this.' },
  );
  expect(comment.status()).toBe(201);
  await replier.close();

  await page.goto('/notifications');
  const offer = page.getByRole('region', { name: 'Get replies as notifications?' });
  // The card around the heading (FormCard's rounded box).
  const card = page
    .getByRole('heading', { level: 2, name: 'Push notifications' })
    .locator('xpath=ancestor::div[contains(@class, "rounded-xl")][1]');
  for (const width of [375, 1440]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      // Without motion, as the other axe journeys: a colour still changing after the scheme
      // switched was once measured mid-transition.
      await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
      await expect(offer).toBeVisible();
      await expect(page.getByRole('group', { name: 'Send me' })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Remove / })).toBeVisible();
      expect(await horizontalOverflow(page)).toBe(0);
      expect(await axeViolations(page, ['serious', 'critical'])).toEqual([]);
      const name = `${width}-${colorScheme}`;
      await offer.screenshot({ path: test.info().outputPath(`push-offer-${name}.png`) });
      await card.screenshot({ path: test.info().outputPath(`push-card-${name}.png`) });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: test.info().outputPath(`push-page-${name}.png`) });
    }
  }
  // Not now: the offer is gone, and stays gone on this browser.
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(offer).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Push notifications' })).toBeVisible();
  await expect(offer).toHaveCount(0);
  await context.close();
});
