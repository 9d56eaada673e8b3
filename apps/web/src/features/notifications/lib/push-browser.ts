import type { PushSubscriptionInput } from '@btcp/shared/push';

/** How long Turn on waits for the service worker, which registers after the page has loaded. */
const WORKER_WAIT_MS = 15_000;

/** Whether this browser can receive Web Push at all (Safari on iOS only once installed). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The browser's answer about notifications so far; 'denied' where push is not supported. */
export function notificationPermission(): NotificationPermission {
  return pushSupported() ? Notification.permission : 'denied';
}

/** This browser's current push subscription, if the service worker has one. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The VAPID key as the bytes PushManager.subscribe takes (base64url in the API). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function readyWorker(): Promise<ServiceWorkerRegistration> {
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error('no service worker')), WORKER_WAIT_MS),
    ),
  ]);
}

export type SubscribeResult =
  | { outcome: 'subscribed'; subscription: PushSubscription; input: PushSubscriptionInput }
  /** The member closed the browser's question without answering, or said no. */
  | { outcome: 'default' | 'denied' };

/**
 * Asks the browser for permission, then subscribes its service worker to push. Only ever from a
 * click on Turn on (decision 063: asked for in context, never on arrival).
 */
export async function subscribeToPush(publicKey: string): Promise<SubscribeResult> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return { outcome: permission };
  const registration = await readyWorker();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  return {
    outcome: 'subscribed',
    subscription,
    input: subscription.toJSON() as PushSubscriptionInput,
  };
}

/** Ends this browser's subscription, if it has one; the server's list is changed apart. */
export async function unsubscribeHere(): Promise<void> {
  const subscription = await currentSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}

const OFFER_DISMISSED = 'btcp:push-offer-dismissed';
const OFFER_TOASTED = 'btcp:push-offer-toasted';

function readFlag(key: string): boolean {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

function setFlag(key: string) {
  try {
    localStorage.setItem(key, '1');
  } catch {
    // Storage refused (a private window): the offer may come back, which does no harm.
  }
}

/** Not now, in the card or the toast: the offer is not made again on this browser. */
export const offerDismissed = () => readFlag(OFFER_DISMISSED);
export const dismissOffer = () => setFlag(OFFER_DISMISSED);
/** The toast is made once, at the first reply that arrives live; the card stays until answered. */
export const offerToasted = () => readFlag(OFFER_TOASTED);
export const markOfferToasted = () => setFlag(OFFER_TOASTED);
