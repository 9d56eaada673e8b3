import { z } from './zod.ts';

/**
 * Decision 063 (D28): what a member may be sent as a Web Push notification, one switch each.
 * Replies, moderators' decisions and a mining session the server stopped are on once a member
 * turns push on (they asked for them in context); the streak reminder is off until they say so.
 */
export const pushKindValues = ['reply', 'moderation', 'miningStopped', 'streakAtRisk'] as const;
export type PushKind = (typeof pushKindValues)[number];

export const PushPreferencesSchema = z.object({
  reply: z.boolean(),
  moderation: z.boolean(),
  miningStopped: z.boolean(),
  streakAtRisk: z.boolean(),
});
export type PushPreferences = z.infer<typeof PushPreferencesSchema>;

export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  reply: true,
  moderation: true,
  miningStopped: true,
  streakAtRisk: false,
};

/** A member's devices: more than this many is not a person's set of browsers. */
export const PUSH_DEVICES_MAX = 10;

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (bytes: number, what: string) =>
  z
    .string(`Enter the ${what}`)
    .regex(/^[A-Za-z0-9_-]+$/, `The ${what} is not base64url`)
    .refine(
      (value) => Math.floor((value.length * 3) / 4) === bytes,
      `The ${what} must be ${bytes} bytes`,
    );

/** What the browser's PushSubscription.toJSON() gives; the endpoint is checked again on the server. */
export const PushSubscriptionInputSchema = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'Enter the push service address' }).max(2048),
  expirationTime: z.number().int().nullable().optional(),
  keys: z.object({
    /** The browser's P-256 public key, uncompressed (65 bytes). */
    p256dh: base64url(65, 'p256dh key'),
    /** The shared authentication secret (16 bytes). */
    auth: base64url(16, 'auth secret'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInputSchema>;

export const PushDeviceSchema = z.object({
  id: z.string(),
  /** Read from the user agent when the device subscribed, as the sessions list names browsers. */
  browser: z.string(),
  createdAt: z.string(),
  /** When a notification last reached the push service for this device; null before the first. */
  lastDeliveredAt: z.string().nullable(),
  /** The push service's address, so the page can tell which device is this one. */
  endpoint: z.string(),
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

/** GET /api/push: everything the notifications page needs to show push settings. */
export const PushStateSchema = z.object({
  /** Whether an admin allows push at all (Settings, audited). */
  enabled: z.boolean(),
  /** The VAPID public key (base64url, uncompressed P-256) for PushManager.subscribe. */
  publicKey: z.string(),
  preferences: PushPreferencesSchema,
  devices: z.array(PushDeviceSchema),
});
export type PushState = z.infer<typeof PushStateSchema>;

/** The admin's push card. */
export const PushSettingsSchema = z.object({ enabled: z.boolean() });
export type PushSettings = z.infer<typeof PushSettingsSchema>;
export const DEFAULT_PUSH_SETTINGS: PushSettings = { enabled: true };

/**
 * What the service worker receives, decrypted: only what the notification shows and where a
 * click leads (a path on this site), never more of a member's private text.
 */
export const PushPayloadSchema = z.object({
  kind: z.enum(pushKindValues),
  title: z.string(),
  body: z.string(),
  /** A same-site path such as /community/posts/…; the worker opens nothing else. */
  url: z.string().startsWith('/'),
  /** Notifications of one tag replace each other on the device (one streak reminder a day). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

export const pushApi = {
  state: '/push',
  preferences: '/push/preferences',
  subscriptions: '/push/subscriptions',
  subscription: (id: string) => `/push/subscriptions/${encodeURIComponent(id)}`,
  adminSettings: '/admin/settings/push',
} as const;

export const pushMessages = {
  cardTitle: 'Push notifications',
  cardDescription:
    'Get a notification on this device when something happens, even with the site closed.',
  turnOn: 'Turn on push notifications',
  turnOff: 'Turn off on this device',
  unsupported: 'This browser cannot receive push notifications.',
  blocked:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then try again.',
  disabledByAdmin: 'Push notifications are turned off on this site for now.',
  failed: 'Could not turn on push notifications. Please try again.',
  loading: 'Loading push notification settings',
  errorLoading: 'Could not load your push notification settings.',
  saveFailed: 'Could not save your choice. Please try again.',
  removeFailed: 'Could not remove the device. Please try again.',
  /** Before the date a device subscribed, in the devices list. */
  subscribedSince: 'Since',
  kindsLegend: 'Send me',
  kinds: {
    reply: 'Replies to my posts and comments',
    moderation: 'Moderators’ decisions on my content',
    miningStopped: 'Mining stopped by the server',
    streakAtRisk: 'Streak at risk (at most one a day, off by default)',
  } satisfies Record<PushKind, string>,
  devicesTitle: 'Devices',
  devicesEmpty: 'No device gets push notifications yet.',
  thisDevice: 'This device',
  remove: 'Remove',
  removeLabel: (browser: string) => `Remove ${browser}`,
  offerTitle: 'Get replies as notifications?',
  offerBody: 'We can tell you on this device when someone replies, even with the site closed.',
  offerAccept: 'Turn on',
  offerDismiss: 'Not now',
  adminCardTitle: 'Push notifications',
  adminEnabledLabel: 'Send push notifications',
  adminCardDescription:
    'Members who turn push on get a notification on their devices for the kinds they choose.',
  adminSaved: 'Push settings saved',
} as const;
