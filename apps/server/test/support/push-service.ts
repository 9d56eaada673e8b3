import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  type ECDH,
  hkdfSync,
  type KeyObject,
  randomBytes,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A push service on a loopback port that stands in for a browser vendor's (server tests, e2e and
 * the bench import it by relative path, so it imports nothing of the server's). It speaks the
 * real protocol: RFC 8030 delivery, RFC 8292 VAPID (an ES256 JWT whose audience is this origin)
 * and RFC 8291 aes128gcm message encryption, which it undoes with the subscription's private key,
 * so a test sees exactly what a browser would show, and a broken VAPID or encryption is refused.
 */
export interface PushService {
  /** http://127.0.0.1:<port>: the JWT's audience, and what WEB_PUSH_ALLOWED_ORIGINS must list. */
  origin: string;
  /** A new subscription, as a browser's PushSubscription.toJSON() gives it. */
  subscription(options?: { applicationServerKey?: string }): PushSubscriptionJson;
  /**
   * Scripts the next `times` (default: every) accepted-looking deliveries to one subscription to
   * be answered with `status` instead (410 or 404 for a gone subscription, 429 with Retry-After,
   * 500). A delivery with a broken VAPID or body is refused first, as a real service does.
   */
  answer(target: string, status: number, times?: number, retryAfterSeconds?: number): void;
  /** The decrypted JSON payloads accepted for one subscription, in arrival order. */
  received(target: string): unknown[];
  /** Resolves once `count` deliveries in all have been accepted; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  stats: PushServiceStats;
  close(): Promise<void>;
}

export interface PushSubscriptionJson {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface PushServiceStats {
  accepted: number;
  /** Subscriptions that have accepted at least one delivery: `accepted` less a sender's repeats. */
  reached: number;
  /** Refused deliveries by reason: 'unknown-subscription', 'vapid-signature', 'scripted-410'… */
  rejected: Record<string, number>;
}

interface Subscriber {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: string | undefined;
  received: unknown[];
  scripted: { status: number; times: number; retryAfterSeconds: number } | undefined;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
    readonly retryAfter?: string,
  ) {
    super(reason);
  }
}

/** RFC 8030: a push message body is at most 4096 bytes. */
const MAX_BODY_BYTES = 4096;
/** RFC 8292: a JWT that expires more than 24 hours ahead is refused. */
const MAX_JWT_LIFETIME_SECONDS = 24 * 60 * 60;
const HEADER_BYTES = 16 + 4 + 1;
const TAG_BYTES = 16;

function fromBase64url(value: string) {
  return Buffer.from(value, 'base64url');
}

/**
 * Senders use one VAPID key: importing it costs about as much as the signature check, so each
 * key is imported once (a bench delivers thousands a second).
 */
const vapidKeys = new Map<string, KeyObject>();

/** The P-256 public key a VAPID `k=` parameter carries (65 bytes, uncompressed). */
function vapidPublicKey(k: string): KeyObject {
  const known = vapidKeys.get(k);
  if (known) return known;
  const raw = fromBase64url(k);
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Refusal(401, 'vapid-key');
  const coordinate = (from: number) => raw.subarray(from, from + 32).toString('base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: coordinate(1), y: coordinate(33) },
    format: 'jwk',
  });
  if (vapidKeys.size < 100) vapidKeys.set(k, key);
  return key;
}

/** RFC 8292 section 2 and 3: the JWT is ES256 signed by k, for this origin, not stale, with a contact. */
function checkVapid(authorization: string | undefined, origin: string, nowSeconds: number) {
  const match = /^vapid\s+t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Refusal(401, 'vapid-missing');
  const [header, claims, signature] = match[1].split('.');
  if (!header || !claims || !signature) throw new Refusal(401, 'vapid-malformed');
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key: vapidPublicKey(match[2]), dsaEncoding: 'ieee-p1363' },
    fromBase64url(signature),
  );
  if (!signed) throw new Refusal(401, 'vapid-signature');
  let parsed: { alg?: unknown; aud?: unknown; exp?: unknown; sub?: unknown };
  try {
    if (JSON.parse(fromBase64url(header).toString()).alg !== 'ES256') throw new Error('alg');
    parsed = JSON.parse(fromBase64url(claims).toString());
  } catch {
    throw new Refusal(401, 'vapid-malformed');
  }
  if (parsed.aud !== origin) throw new Refusal(401, 'vapid-audience');
  if (typeof parsed.exp !== 'number' || parsed.exp <= nowSeconds) {
    throw new Refusal(401, 'vapid-expired');
  }
  if (parsed.exp > nowSeconds + MAX_JWT_LIFETIME_SECONDS) throw new Refusal(401, 'vapid-too-long');
  if (typeof parsed.sub !== 'string' || !/^(mailto:|https:)/.test(parsed.sub)) {
    throw new Refusal(401, 'vapid-subject');
  }
  return match[2];
}

/** RFC 8291 section 3.4: the content encryption key and nonce of one message. */
function messageKeys(subscriber: Subscriber, salt: Buffer, senderPublicKey: Buffer) {
  const ecdhSecret = subscriber.ecdh.computeSecret(senderPublicKey);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    subscriber.publicKey,
    senderPublicKey,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, subscriber.auth, keyInfo, 32));
  const info = (label: string) => Buffer.from(`Content-Encoding: ${label}\0`);
  return {
    key: Buffer.from(hkdfSync('sha256', ikm, salt, info('aes128gcm'), 16)),
    nonce: Buffer.from(hkdfSync('sha256', ikm, salt, info('nonce'), 12)),
  };
}

/** RFC 8188 records: each ends in 0x01 then padding, the last in 0x02 then padding. */
function openRecord(key: Buffer, nonce: Buffer, sequence: number, record: Buffer, last: boolean) {
  const recordNonce = Buffer.from(nonce);
  recordNonce.writeUInt32BE((recordNonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
  const decipher = createDecipheriv('aes-128-gcm', key, recordNonce);
  decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - TAG_BYTES)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== (last ? 0x02 : 0x01)) throw new Error('padding delimiter');
  return padded.subarray(0, end);
}

function decrypt(subscriber: Subscriber, body: Buffer): unknown {
  try {
    const salt = body.subarray(0, 16);
    const recordSize = body.readUInt32BE(16);
    const keyIdLength = body.readUInt8(20);
    const senderPublicKey = body.subarray(HEADER_BYTES, HEADER_BYTES + keyIdLength);
    if (keyIdLength !== 65 || recordSize <= TAG_BYTES + 1) throw new Error('header');
    const { key, nonce } = messageKeys(subscriber, salt, senderPublicKey);
    const ciphertext = body.subarray(HEADER_BYTES + keyIdLength);
    const parts: Buffer[] = [];
    for (let start = 0, sequence = 0; start < ciphertext.length; sequence += 1) {
      const record = ciphertext.subarray(start, start + recordSize);
      start += recordSize;
      parts.push(openRecord(key, nonce, sequence, record, start >= ciphertext.length));
    }
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    throw new Refusal(400, 'undecryptable');
  }
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    request.on('end', () =>
      size > MAX_BODY_BYTES
        ? reject(new Refusal(413, 'too-large'))
        : resolve(Buffer.concat(chunks)),
    );
    request.on('error', reject);
  });
}

interface ServiceState {
  origin: string;
  subscribers: Map<string, Subscriber>;
  stats: PushServiceStats;
  waiters: Set<{ count: number; done: () => void }>;
}

/** RFC 8030 section 5, with VAPID before the body and a scripted answer after it. */
async function deliver(state: ServiceState, request: http.IncomingMessage, id: string) {
  const body = await readBody(request);
  const subscriber = state.subscribers.get(id);
  if (!subscriber) throw new Refusal(404, 'unknown-subscription');
  const senderKey = checkVapid(request.headers.authorization, state.origin, Date.now() / 1000);
  const appKey = subscriber.applicationServerKey;
  if (appKey !== undefined && appKey !== senderKey) throw new Refusal(403, 'vapid-key-mismatch');
  const { ttl } = request.headers;
  if (typeof ttl !== 'string' || !/^\d+$/.test(ttl)) throw new Refusal(400, 'ttl-missing');
  if (request.headers['content-encoding'] !== 'aes128gcm') throw new Refusal(415, 'encoding');
  const payload = decrypt(subscriber, body);
  const scripted = subscriber.scripted;
  if (scripted && scripted.times > 0) {
    scripted.times -= 1;
    const retryAfter = scripted.status === 429 ? String(scripted.retryAfterSeconds) : undefined;
    throw new Refusal(scripted.status, `scripted-${scripted.status}`, retryAfter);
  }
  subscriber.received.push(payload);
  state.stats.accepted += 1;
  if (subscriber.received.length === 1) state.stats.reached += 1;
  for (const waiter of state.waiters) if (state.stats.accepted >= waiter.count) waiter.done();
}

function handle(state: ServiceState, request: http.IncomingMessage, response: http.ServerResponse) {
  const reply = (status: number, headers: http.OutgoingHttpHeaders = {}) =>
    response.writeHead(status, headers).end();
  const id = /^\/push\/([A-Za-z0-9_-]+)$/.exec(request.url ?? '')?.[1];
  if (request.method !== 'POST' || !id) {
    request.resume();
    reply(404);
    return;
  }
  deliver(state, request, id).then(
    () => reply(201, { location: `/message/${randomBytes(8).toString('hex')}` }),
    (error: unknown) => {
      const refusal = error instanceof Refusal ? error : new Refusal(400, 'unreadable');
      const { rejected } = state.stats;
      rejected[refusal.reason] = (rejected[refusal.reason] ?? 0) + 1;
      reply(refusal.status, refusal.retryAfter ? { 'retry-after': refusal.retryAfter } : {});
    },
  );
}

function subscribe(state: ServiceState, applicationServerKey?: string): PushSubscriptionJson {
  const id = randomBytes(16).toString('base64url');
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const auth = randomBytes(16);
  const subscriber = { ecdh, publicKey, auth, applicationServerKey, received: [] };
  state.subscribers.set(id, { ...subscriber, scripted: undefined });
  return {
    endpoint: `${state.origin}/push/${id}`,
    expirationTime: null,
    keys: { p256dh: publicKey.toString('base64url'), auth: auth.toString('base64url') },
  };
}

function waitFor(state: ServiceState, count: number, timeoutMs: number) {
  if (state.stats.accepted >= count) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const waiter = {
      count,
      done: () => {
        clearTimeout(timer);
        state.waiters.delete(waiter);
        resolve();
      },
    };
    const timer = setTimeout(() => {
      state.waiters.delete(waiter);
      const seen = JSON.stringify(state.stats);
      reject(new Error(`The push service accepted fewer than ${count} deliveries: ${seen}`));
    }, timeoutMs);
    state.waiters.add(waiter);
  });
}

export async function startPushService(
  options: { host?: string; port?: number } = {},
): Promise<PushService> {
  const state: ServiceState = {
    origin: '',
    subscribers: new Map(),
    stats: { accepted: 0, reached: 0, rejected: {} },
    waiters: new Set(),
  };
  const server = http.createServer((request, response) => handle(state, request, response));
  // The sender keeps its connections open between deliveries, as it would with a vendor's service.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { address, family, port } = server.address() as AddressInfo;
  state.origin = `http://${family === 'IPv6' ? `[${address}]` : address}:${port}`;
  const subscriberOf = (target: string) => {
    const subscriber = state.subscribers.get(target.slice(target.lastIndexOf('/') + 1));
    if (!subscriber) throw new Error(`No subscription ${target} at the push service`);
    return subscriber;
  };
  return {
    origin: state.origin,
    stats: state.stats,
    subscription: (subscribeOptions = {}) =>
      subscribe(state, subscribeOptions.applicationServerKey),
    answer(target, status, times = Number.POSITIVE_INFINITY, retryAfterSeconds = 1) {
      subscriberOf(target).scripted = { status, times, retryAfterSeconds };
    },
    received: (target) => [...subscriberOf(target).received],
    waitFor: (count, timeoutMs = 10_000) => waitFor(state, count, timeoutMs),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
