import type { PushState } from '@btcp/shared/push';

export interface OfferConditions {
  /** The member has been told of at least one reply. */
  hasReply: boolean;
  supported: boolean;
  permission: NotificationPermission;
  /** This browser's endpoint, null when it has no subscription. */
  endpoint: string | null;
  state: PushState | undefined;
  dismissed: boolean;
}

/**
 * Decision 063: push is offered in context, after a reply, and only where Turn on could work:
 * push allowed by the admin, a browser that can receive it and has not been asked yet, not
 * subscribed already, and an offer not turned down on this browser.
 */
export function shouldOfferPush(conditions: OfferConditions): boolean {
  const { hasReply, supported, permission, endpoint, state, dismissed } = conditions;
  if (!hasReply || !supported || permission !== 'default' || dismissed || !state?.enabled) {
    return false;
  }
  return !state.devices.some((device) => device.endpoint === endpoint);
}
