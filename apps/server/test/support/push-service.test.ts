import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { type PushService, type PushSubscriptionJson, startPushService } from './push-service.ts';

const vapid = webpush.generateVAPIDKeys();
const vapidDetails = {
  subject: 'mailto:push@btcp.example',
  publicKey: vapid.publicKey,
  privateKey: vapid.privateKey,
};

/** What the server's sender does: the real library builds the request, fetch sends it. */
function request(subscription: PushSubscriptionJson, payload: unknown, headers = {}) {
  const details = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
    vapidDetails,
    TTL: 60,
    contentEncoding: 'aes128gcm',
  });
  const { 'Content-Length': _length, ...sent } = details.headers as Record<string, string>;
  return { endpoint: details.endpoint, headers: { ...sent, ...headers }, body: details.body };
}

function send({ endpoint, headers, body }: ReturnType<typeof request>) {
  return fetch(endpoint, { method: 'POST', headers, body: new Uint8Array(body) });
}

/** The Authorization header web-push would write for another audience or another key pair. */
function authorization(audience: string, keys = vapid) {
  const headers = webpush.getVapidHeaders(
    audience,
    vapidDetails.subject,
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
  );
  return headers.Authorization;
}

describe('the local push service', () => {
  let service: PushService;
  beforeAll(async () => {
    service = await startPushService();
  });
  afterAll(() => service.close());

  it('accepts what web-push sends and decrypts it with the subscription key', async () => {
    const subscription = service.subscription();
    const payload = { kind: 'reply', title: 'A reply', body: 'ok', url: '/community', tag: 't' };
    const response = await send(request(subscription, payload));
    expect(response.status).toBe(201);
    await service.waitFor(1, 1000);
    expect(service.received(subscription.endpoint)).toEqual([payload]);
    expect(subscription.endpoint.startsWith(`${service.origin}/push/`)).toBe(true);
  });

  it('keeps up a burst of deliveries on a few connections', async () => {
    const subscriptions = Array.from({ length: 200 }, () => service.subscription());
    const before = service.stats.accepted;
    const answers = await Promise.all(
      subscriptions.map((subscription, n) => send(request(subscription, { n }))),
    );
    expect(answers.every((answer) => answer.status === 201)).toBe(true);
    await service.waitFor(before + 200, 5000);
    expect(subscriptions.map((s) => service.received(s.endpoint))).toEqual(
      subscriptions.map((_, n) => [{ n }]),
    );
  });

  it('refuses a JWT signed by another key than the one it names', async () => {
    const subscription = service.subscription();
    const [token] =
      /t=[^,]+/.exec(authorization(service.origin, webpush.generateVAPIDKeys())) ?? [];
    const forged = `vapid ${token}, k=${vapid.publicKey}`;
    const response = await send(request(subscription, {}, { Authorization: forged }));
    expect(response.status).toBe(401);
    expect(service.stats.rejected['vapid-signature']).toBe(1);
    expect(service.received(subscription.endpoint)).toEqual([]);
  });

  it('refuses a JWT made for another push service', async () => {
    const subscription = service.subscription();
    const elsewhere = authorization('https://push.example.net');
    const response = await send(request(subscription, {}, { Authorization: elsewhere }));
    expect(response.status).toBe(401);
    expect(service.stats.rejected['vapid-audience']).toBe(1);
  });

  it('refuses a VAPID key other than the one the subscription was made for', async () => {
    const subscription = service.subscription({ applicationServerKey: vapid.publicKey });
    const other = webpush.generateVAPIDKeys();
    const response = await send(
      request(subscription, {}, { Authorization: authorization(service.origin, other) }),
    );
    expect(response.status).toBe(403);
  });

  it('refuses a body encrypted for another subscription, a missing TTL and an unknown id', async () => {
    const [mine, theirs] = [service.subscription(), service.subscription()];
    const misaddressed = { ...request(theirs, { secret: 1 }), endpoint: mine.endpoint };
    expect((await send(misaddressed)).status).toBe(400);
    expect(service.stats.rejected.undecryptable).toBe(1);
    const { TTL: _ttl, ...noTtl } = request(mine, {}).headers as Record<string, string>;
    const withoutTtl = { ...request(mine, {}), headers: noTtl };
    expect((await send(withoutTtl)).status).toBe(400);
    const unknown = { ...request(mine, {}), endpoint: `${service.origin}/push/gone` };
    expect((await send(unknown)).status).toBe(404);
    expect(service.received(mine.endpoint)).toEqual([]);
  });

  it('answers as scripted: 410 once, then 429 with Retry-After, then accepts', async () => {
    const subscription = service.subscription();
    service.answer(subscription.endpoint, 410, 1);
    expect((await send(request(subscription, { n: 1 }))).status).toBe(410);
    service.answer(subscription.endpoint, 429, 1, 7);
    const limited = await send(request(subscription, { n: 2 }));
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '7']);
    expect((await send(request(subscription, { n: 3 }))).status).toBe(201);
    expect(service.received(subscription.endpoint)).toEqual([{ n: 3 }]);
    await send(request(subscription, { n: 4 }));
    expect(service.stats.accepted - service.stats.reached).toBe(1);
  });
});
